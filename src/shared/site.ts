/** The public face of the site: what the browser may know about the configuration. */
export interface PublicSiteConfig {
  productName: string;
  publicUrl: string;
}

export const defaultProductName = 'Lexwise';

/** Removes a trailing slash so "/pricing/" and "/pricing" name the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
