/**
 * A cookie that only says "this browser may hold a session": no token, no identity. The refresh
 * cookie itself is httpOnly, so without this hint the app would have to ask the server on every
 * visit, and an anonymous visitor would get a 401 (logged by browsers as a console error) on every
 * page. See docs/decisions/0030-session-hint-cookie.md.
 */
const name = 'signed_in';
const maxAgeSeconds = 60 * 60 * 24 * 60;

function write(value: string, maxAge: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Strict${secure}`;
}

export function hasSessionHint(): boolean {
  return document.cookie.split(/;\s*/).includes(`${name}=1`);
}

export function setSessionHint() {
  write('1', maxAgeSeconds);
}

export function clearSessionHint() {
  write('', 0);
}
