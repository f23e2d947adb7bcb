let taken: { path: string; token: string | null } | undefined;

/**
 * Reads the token of an emailed link (`/verify-email#token=...`). The fragment never reaches
 * the server's logs or a Referer header; once read, it is removed from the address bar so it
 * does not stay in history. A second read on the same page (a re-render) gets the same token.
 */
export function takeLinkToken(): string | null {
  if (typeof window === 'undefined') return null;
  const { pathname, search, hash } = window.location;
  const path = pathname + search;
  if (!hash) return taken?.path === path ? taken.token : null;
  const token = new URLSearchParams(hash.slice(1)).get('token');
  taken = { path, token };
  window.history.replaceState(window.history.state, '', path);
  return token;
}
