/** The product's mark; decorative next to the product's name. */
export function Logo({ size = 32 }: { size?: number }) {
  return <img className="logo" src="/logo.svg" width={size} height={size} alt="" />;
}
