/**
 * When the web app renews its access token: the spec's constants (refresh about 5 minutes
 * before expiry; after a failure retry after 30 s, doubling up to 16 minutes). No Node or DOM
 * imports and no zod, so the always-loaded part of the web app can use it.
 */
export const sessionTiming = {
  refreshBeforeExpiryMs: 5 * 60_000,
  retryFirstMs: 30_000,
  retryMaxMs: 16 * 60_000,
  /** A token this close to expiry is renewed at once rather than scheduled. */
  minimumDelayMs: 5_000,
} as const;

/** How long after sign-in (or a refresh) to renew a token that lives `expiresInSeconds`. */
export function refreshDelayMs(expiresInSeconds: number): number {
  const lifetime = expiresInSeconds * 1000;
  // A lifetime shorter than the lead time (tests, odd configuration) is renewed at half-life.
  const delay =
    lifetime > sessionTiming.refreshBeforeExpiryMs * 2
      ? lifetime - sessionTiming.refreshBeforeExpiryMs
      : lifetime / 2;
  return Math.max(sessionTiming.minimumDelayMs, Math.round(delay));
}

/** The wait before retry number `attempt` (1, 2, ...) after failed refreshes: 30 s doubling to 16 min. */
export function retryDelayMs(attempt: number): number {
  const doubled = sessionTiming.retryFirstMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(sessionTiming.retryMaxMs, doubled);
}

/** The spec's pause between a successful sign-up and the move to the sign-in page. */
export const signUpRedirectDelayMs = 4_000;
