import { createHash, randomBytes } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';
import { oauthProviders } from '../../../../shared/auth.js';
import type { Config } from '../../../config.js';

/**
 * What a sign-in remembers between the redirect to the provider and its callback: kept in the
 * browser, in a cookie encrypted and authenticated (JWE, A256GCM) with a key derived from the
 * server's secret, so nothing is stored server-side and no other site can read or forge it.
 */
export interface OAuthFlow {
  provider: (typeof oauthProviders)[number];
  state: string;
  codeVerifier: string;
  nonce?: string;
  /** Where to send the person afterwards: a path on this site. */
  next: string;
}

const flowSchema = z.object({
  provider: z.enum(oauthProviders),
  state: z.string().min(32),
  codeVerifier: z.string().min(43).max(128),
  nonce: z.string().min(32).optional(),
  next: z.string(),
});

export const flowTtlSeconds = 10 * 60;
export const flowCookiePath = '/api/auth/oauth';

/**
 * SameSite=Lax, not Strict: the callback is a top-level navigation coming from the provider's
 * site, and browsers leave Strict cookies off such requests (docs/decisions/0021-oauth-flow-cookie.md).
 */
export function flowCookie(config: Config) {
  const production = config.env === 'production';
  return {
    name: production ? '__Secure-lexwise_oauth' : 'lexwise_oauth',
    /** What setting and clearing share; setting adds `maxAge: flowTtlSeconds`. */
    options: {
      httpOnly: true,
      sameSite: 'lax',
      secure: production,
      path: flowCookiePath,
    } as const,
  };
}

/** A fresh random value for state, nonce or PKCE verifier: 256 bits, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The PKCE S256 challenge of a verifier (RFC 7636, 4.2). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** `key` is the flow cookie's own key (ServerKeys.oauthFlow, derived from the server secret). */
export async function sealFlow(key: Uint8Array, flow: OAuthFlow): Promise<string> {
  return new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${flowTtlSeconds}s`)
    .encrypt(key);
}

/** The flow in the cookie, or undefined when it is missing, tampered with, expired or malformed. */
export async function openFlow(key: Uint8Array, sealed: string): Promise<OAuthFlow | undefined> {
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const parsed = flowSchema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
