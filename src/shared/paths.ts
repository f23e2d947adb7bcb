// No zod here: the web app's first load imports this module, and the schema library
// (about 20 KB gzipped) must stay out of it.

/** Removes a trailing slash so "/pricing/" and "/pricing" name the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
