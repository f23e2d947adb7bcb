import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import {
  acceptableEmail,
  acceptableName,
  acceptablePicture,
  fetchProviderJson,
  ProviderError,
  providerTimeoutMs,
  type ProviderClient,
} from './provider-client.js';

type GoogleConfig = NonNullable<Config['oauth']['google']>;

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

const tokenResponseSchema = z.object({
  id_token: z.string().min(1),
  token_type: z.string().optional(),
});

/** The ID token claims we use; jose has already checked iss, aud, exp and the signature. */
const idTokenClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  nonce: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  azp: z.string().optional(),
  email: z.string().optional(),
  // Google sends a boolean; some providers send the string "true".
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

const discoveryTtlMs = 60 * 60 * 1000;
/** Tolerated clock difference with the provider when checking exp, iat and nbf. */
const clockToleranceSeconds = 60;

/**
 * Google through OpenID Connect: endpoints and keys discovered from the issuer (so tests can
 * point it at a local OpenID provider), authorization code with PKCE and a nonce, the ID token
 * verified (RS256 signature from the issuer's JWKS, issuer, audience, expiry, nonce).
 */
export function createGoogleClient(settings: GoogleConfig): ProviderClient {
  let discovered:
    { metadata: z.infer<typeof discoverySchema>; keys: JWTVerifyGetKey; at: number } | undefined;

  async function discover() {
    if (discovered && Date.now() - discovered.at < discoveryTtlMs) return discovered;
    const metadata = await fetchProviderJson(
      'OpenID discovery',
      `${settings.issuer}/.well-known/openid-configuration`,
      {},
      discoverySchema,
    );
    // OpenID Connect Discovery 1.0, section 4.3: the issuer must be exactly the one we asked.
    if (metadata.issuer !== settings.issuer) {
      throw new ProviderError(
        `OpenID discovery: issuer ${metadata.issuer} is not the configured ${settings.issuer}`,
      );
    }
    const keys = createRemoteJWKSet(new URL(metadata.jwks_uri), {
      timeoutDuration: providerTimeoutMs,
    });
    discovered = { metadata, keys, at: Date.now() };
    return discovered;
  }

  return {
    id: 'google',
    usesNonce: true,

    async authorizationUrl({ redirectUri, state, codeChallenge, nonce }) {
      const { metadata } = await discover();
      const url = new URL(metadata.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce: nonce ?? '',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async exchangeCode({ redirectUri, code, codeVerifier, nonce }) {
      if (!nonce) throw new ProviderError('Google sign-in without a nonce');
      const { metadata, keys } = await discover();
      const tokens = await fetchProviderJson(
        'Google token endpoint',
        metadata.token_endpoint,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
            code_verifier: codeVerifier,
          }),
        },
        tokenResponseSchema,
      );

      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(tokens.id_token, keys, {
          algorithms: ['RS256'],
          issuer: settings.issuer,
          audience: settings.clientId,
          requiredClaims: ['sub', 'exp', 'iat'],
          clockTolerance: clockToleranceSeconds,
        }));
      } catch (error) {
        const reason =
          error instanceof joseErrors.JWTClaimValidationFailed
            ? `${error.code} (${error.claim}: ${error.reason})`
            : error instanceof joseErrors.JOSEError
              ? error.code
              : 'verification failed';
        throw new ProviderError(`Google ID token refused: ${reason}`, { cause: error });
      }
      const parsed = idTokenClaimsSchema.safeParse(payload);
      if (!parsed.success) throw new ProviderError('Google ID token: unexpected claims');
      const claims = parsed.data;
      if (claims.nonce !== nonce) throw new ProviderError('Google ID token: nonce mismatch');
      // With several audiences, the token must have been issued to us (OpenID Core 3.1.3.7).
      if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== settings.clientId) {
        throw new ProviderError('Google ID token: authorized party is not this client');
      }

      const email = acceptableEmail(claims.email);
      return {
        subject: claims.sub,
        email,
        emailVerified:
          email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
        givenName: acceptableName(claims.given_name),
        familyName: acceptableName(claims.family_name),
        picture: acceptablePicture(claims.picture),
      };
    },
  };
}
