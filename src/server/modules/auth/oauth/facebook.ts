import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import {
  acceptableEmail,
  acceptableName,
  acceptablePicture,
  fetchProviderJson,
  type ProviderClient,
} from './provider-client.js';

type FacebookConfig = NonNullable<Config['oauth']['facebook']>;

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

const meSchema = z.object({
  id: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  picture: z
    .object({
      data: z.object({ url: z.string().optional(), is_silhouette: z.boolean().optional() }),
    })
    .optional(),
});

/**
 * Facebook Login (OAuth 2.0, authorization code with PKCE), then the Graph API's /me. Facebook
 * says nothing about whether the email was verified, so it is treated as unverified
 * (docs/decisions/0020-social-sign-in-accounts.md).
 */
export function createFacebookClient(settings: FacebookConfig): ProviderClient {
  return {
    id: 'facebook',
    usesNonce: false,

    async authorizationUrl({ redirectUri, state, codeChallenge }) {
      const url = new URL(settings.authorizationUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        scope: 'public_profile,email',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async exchangeCode({ redirectUri, code, codeVerifier }) {
      const tokens = await fetchProviderJson(
        'Facebook token endpoint',
        settings.tokenUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
            redirect_uri: redirectUri,
            code,
            code_verifier: codeVerifier,
          }),
        },
        tokenResponseSchema,
      );
      const me = new URL(`${settings.graphUrl}/me`);
      me.search = new URLSearchParams({
        fields: 'id,first_name,last_name,email,picture',
        // Proves the call comes from our server, not from whoever else holds the token.
        appsecret_proof: createHmac('sha256', settings.clientSecret)
          .update(tokens.access_token)
          .digest('hex'),
      }).toString();
      const profile = await fetchProviderJson(
        'Facebook Graph /me',
        me,
        { headers: { authorization: `Bearer ${tokens.access_token}` } },
        meSchema,
      );
      const picture = profile.picture?.data;
      return {
        subject: profile.id,
        email: acceptableEmail(profile.email),
        emailVerified: false,
        givenName: acceptableName(profile.first_name),
        familyName: acceptableName(profile.last_name),
        picture: picture?.is_silhouette ? null : acceptablePicture(picture?.url),
      };
    },
  };
}
