import type { FastifyInstance } from 'fastify';
import type { OAuthProvider } from '../../../../shared/auth.js';
import type { Config } from '../../../config.js';
import { createFacebookClient } from './facebook.js';
import { createGoogleClient } from './google.js';
import type { ProviderClient, ProviderProfile } from './provider-client.js';
import {
  createUserWithLink,
  findLinkedUserId,
  findUserByEmail,
  linkToVerifiedUser,
} from './repository.js';

/** Why a social sign-in was refused; the login page turns the code into a message. */
export type SocialSignInFailure =
  | 'auth.provider_unavailable'
  | 'auth.provider_failed'
  | 'auth.provider_email_unverified'
  | 'auth.provider_email_missing';

export type SocialSignInResult = { userId: string } | { failure: SocialSignInFailure };

/** The configured providers' clients; an unconfigured provider has none. */
export function createProviderClients(
  oauth: Config['oauth'],
): Partial<Record<OAuthProvider, ProviderClient>> {
  return {
    ...(oauth.google ? { google: createGoogleClient(oauth.google) } : {}),
    ...(oauth.facebook ? { facebook: createFacebookClient(oauth.facebook) } : {}),
  };
}

/**
 * Finds or makes the account a provider's profile signs into:
 * 1. the account already linked to this provider account;
 * 2. else the account with the same email, only when the provider vouches for the email
 *    (Google's email_verified; Facebook never does), which the link then joins;
 * 3. else a new account, its email verified only if the provider verified it.
 * Two callbacks racing for the same person may both try to insert; the loser looks again.
 */
export async function resolveSocialAccount(
  app: FastifyInstance,
  provider: OAuthProvider,
  profile: ProviderProfile,
): Promise<SocialSignInResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await resolveOnce(app, provider, profile);
    } catch (error) {
      if (attempt >= 2) throw error;
      app.log.info({ provider, err: error }, 'social sign-in raced another insert; looking again');
    }
  }
}

async function resolveOnce(
  app: FastifyInstance,
  provider: OAuthProvider,
  profile: ProviderProfile,
): Promise<SocialSignInResult> {
  const db = app.db.kysely;
  const linked = await findLinkedUserId(db, provider, profile.subject);
  if (linked) return { userId: linked };
  if (!profile.email) return { failure: 'auth.provider_email_missing' };

  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    if (!profile.emailVerified) return { failure: 'auth.provider_email_unverified' };
    await linkToVerifiedUser(db, existing, provider, profile);
    if (existing.email_verified_at === null) {
      app.log.info(
        { userId: existing.id, provider },
        'social sign-in verified the email of an unverified account; its password was removed',
      );
    }
    return { userId: existing.id };
  }
  const email = profile.email;
  return { userId: await createUserWithLink(db, provider, { ...profile, email }) };
}
