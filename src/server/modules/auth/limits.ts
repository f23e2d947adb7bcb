import type { RateLimit } from '../../http/rate-limiter.js';
import type { Config } from '../../config.js';

const windowMs = 15 * 60 * 1000;

/**
 * The limits on the auth routes, per 15 minutes: each action by client IP, and by the address it
 * names. The login limit by account counts attempts since the last successful sign-in. buildApp
 * makes them once and hands them to the auth, accounts and OAuth services.
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
