/** The currency every price of the catalogue is in. */
export const currency = 'USD';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats an amount in cents for people: 2900 -> "$29", 11000 -> "$110", 2950 -> "$29.50",
 * 123400 -> "$1,234". Whole amounts drop the cents, as prices on the site do. Amounts are integers
 * of cents everywhere, so no floating-point rounding reaches a price.
 */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const formatter = cents % 100 === 0 ? wholeDollars : withCents;
  return formatter.format(cents / 100);
}
