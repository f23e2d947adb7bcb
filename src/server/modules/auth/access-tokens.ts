import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
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

const base64urlSegment = /^[A-Za-z0-9_-]+$/;

/** A token segment's JSON object, or undefined. */
function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token's claims, or undefined when it is malformed, forged, foreign or expired.
 *
 * Checked here with node:crypto, synchronously: an HS256 token is one HMAC, and WebCrypto's
 * asynchronous verify (through jose) was most of an authenticated request's own time. Tokens are
 * still signed by jose, and the tests mint theirs with it. The signature is compared (in
 * constant time, canonical base64url only) before anything in the token is parsed; the header
 * must say HS256 and nothing critical; iss, aud, exp, iat and nbf are checked as jose did, with
 * the same clock tolerance.
 */
export function verifyAccessToken(config: Config, token: string): AccessTokenClaims | undefined {
  // A token already verified with this secret is not verified again: its signature, header,
  // issuer and audience cannot have changed, so only its times are checked (an access token is
  // sent with every request of its 15 minutes; the HMAC and the parsing were a tenth of
  // GET /api/me's CPU). Only valid tokens are kept, at most `verifiedLimit` per secret.
  let verified = verifiedBySecret.get(config.secrets.jwt);
  if (!verified) verifiedBySecret.set(config.secrets.jwt, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    if (inTime(known.times)) return known.claims;
    verified.delete(token);
    return undefined;
  }
  const checked = verifySignedToken(config, token);
  if (!checked) return undefined;
  if (verified.size >= verifiedLimit) verified.clear();
  verified.set(token, checked);
  return checked.claims;
}

interface TokenTimes {
  exp: number;
  iat: number;
  nbf: number | undefined;
}

const verifiedLimit = 10_000;
const verifiedBySecret = new Map<
  string,
  Map<string, { claims: AccessTokenClaims; times: TokenTimes }>
>();

function inTime({ exp, iat, nbf }: TokenTimes): boolean {
  const now = Date.now() / 1000;
  return (
    exp > now - clockToleranceSeconds &&
    iat <= now + clockToleranceSeconds &&
    (nbf === undefined || nbf <= now + clockToleranceSeconds)
  );
}

function verifySignedToken(
  config: Config,
  token: string,
): { claims: AccessTokenClaims; times: TokenTimes } | undefined {
  const segments = token.split('.');
  if (segments.length !== 3 || !segments.every((segment) => base64urlSegment.test(segment))) {
    return undefined;
  }
  const [headerSegment, payloadSegment, signatureSegment] = segments as [string, string, string];
  const expected = createHmac('sha256', config.secrets.jwt)
    .update(`${headerSegment}.${payloadSegment}`)
    .digest();
  const signature = Buffer.from(signatureSegment, 'base64url');
  if (
    signature.length !== expected.length ||
    signature.toString('base64url') !== signatureSegment ||
    !timingSafeEqual(signature, expected)
  ) {
    return undefined;
  }

  const header = decodeSegment(headerSegment);
  if (!header || header.alg !== accessTokenAlgorithm || 'crit' in header) return undefined;
  if (header.typ !== undefined && header.typ !== 'JWT') return undefined;

  const claims = decodeSegment(payloadSegment);
  if (!claims) return undefined;
  const { issuer, audience } = accessTokenIssuer(config);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== issuer || !audiences.includes(audience)) return undefined;
  const { exp, iat, nbf } = claims;
  if (typeof exp !== 'number' || typeof iat !== 'number') return undefined;
  if (nbf !== undefined && typeof nbf !== 'number') return undefined;
  const times = { exp, iat, nbf };
  if (!inTime(times)) return undefined;
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return undefined;
  return { claims: { userId: claims.sub, sessionId: claims.sid }, times };
}
