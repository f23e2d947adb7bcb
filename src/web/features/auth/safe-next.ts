export { defaultAfterSignIn, safeNextPath } from '../../../shared/next-path';

/** "/login?next=/account" for the page the visitor was on. */
export function loginPathFor(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}
