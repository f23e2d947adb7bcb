import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.js';

/** The one algorithm we sign and accept; anything else in a token's header is refused. */
export const accessTokenAlgorithm = 'HS256';
/** Seconds of clock difference tolerated when checking `exp`, `nbf` and `iat`. */
export const clockToleranceSeconds = 60;

export interface AccessTokenClaims {
  /** The user's id. */
  userId: string;
  /** The refresh-token family (the sign-in) this token belongs to. */
  sessionId: string;
}

const keys = new Map<string, Promise<CryptoKey>>();

/**
 * The HMAC key, imported once per secret: handing jose the raw bytes made it import the key
 * again on every sign and verify, the largest cost of an authenticated request.
 */
function signingKey(config: Config): Promise<CryptoKey> {
  let key = keys.get(config.secrets.jwt);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(config.secrets.jwt),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(config.secrets.jwt, key);
  }
  return key;
}

export function accessTokenIssuer(config: Config) {
  return { issuer: config.site.publicUrl, audience: `${config.site.publicUrl}/api` };
}

export async function signAccessToken(config: Config, claims: AccessTokenClaims): Promise<string> {
  const { issuer, audience } = accessTokenIssuer(config);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: accessTokenAlgorithm, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + config.auth.accessTokenTtlSeconds)
    .sign(await signingKey(config));
}

/** The token's claims, or undefined when it is malformed, forged, foreign or expired. */
export async function verifyAccessToken(
  config: Config,
  token: string,
): Promise<AccessTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(config), {
      ...accessTokenIssuer(config),
      algorithms: [accessTokenAlgorithm],
      clockTolerance: clockToleranceSeconds,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}
