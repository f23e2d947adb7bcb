import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { RateLimit } from '../../http/rate-limiter.js';
import type { Config } from '../../config.js';

const windowMs = 15 * 60 * 1000;

/**
 * The limits on the auth routes, per 15 minutes: each action by client IP, and by the address it
 * names. The login limit by account counts attempts since the last successful sign-in.
 */
export function authLimits(config: Config) {
  const byIp = (name: string): RateLimit => ({
    name: `${name}:ip`,
    max: config.auth.limitPerIp,
    windowMs,
  });
  const byAccount = (name: string): RateLimit => ({
    name: `${name}:account`,
    max: config.auth.limitPerAccount,
    windowMs,
  });
  return {
    loginIp: byIp('login'),
    loginAccount: byAccount('login'),
    registerIp: byIp('register'),
    registerAddress: byAccount('register'),
    resendIp: byIp('resend'),
    resendAddress: byAccount('resend'),
    forgotIp: byIp('forgot'),
    forgotAddress: byAccount('forgot'),
    /** Following emailed links (verify, reset): tokens cannot be guessed, but tries are cheap. */
    emailTokenIp: byIp('email-token'),
    /** Checking the current password when changing it, by user. */
    passwordChange: byAccount('password-change'),
    /** Starting a Google or Facebook sign-in (each start calls out to the provider). */
    oauthStartIp: byIp('oauth-start'),
  };
}

export type AuthLimits = ReturnType<typeof authLimits>;

/**
 * Routes authenticated by the cookie alone (refresh, logout) accept requests only from our own
 * pages: a browser always sends Origin on a POST, and another site cannot forge it.
 */
export function assertSameOrigin(config: Config, request: FastifyRequest): void {
  const expected = new URL(config.site.publicUrl).origin;
  if (request.headers.origin !== expected) {
    throw new AppError(
      403,
      'request.bad_origin',
      'This request must come from the site itself. Please reload the page and try again.',
    );
  }
}
