/** Where sign-in leads when no page asked for it. */
export const defaultAfterSignIn = '/chatbot';

const authPages = ['/login', '/signup', '/forget', '/verify-email', '/reset-password'];

/**
 * The page to return to after sign-in, from `?next=`. Only a path on this site is followed
 * (never "//host", "/\\host" or "https:"), so the link cannot send a person elsewhere. The web
 * app follows it after an email sign-in; the server after a Google or Facebook one.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return defaultAfterSignIn;
  }
  // Browsers drop tabs and newlines from URLs, so "/\t/host" would mean "//host".
  if ([...next].some((char) => char.charCodeAt(0) < 0x20)) return defaultAfterSignIn;
  const pathname = next.split(/[?#]/)[0]!.toLowerCase();
  if (authPages.includes(pathname.replace(/\/+$/, ''))) return defaultAfterSignIn;
  return next;
}
