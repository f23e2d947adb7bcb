import { randomUUID } from 'node:crypto';
import type { OAuthProvider } from '../../../../shared/auth.js';
import type { ErrorCode } from '../../../../shared/errors.js';
import type { Config } from '../../../config.js';
import { inTransaction } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import type { ModuleDeps } from '../../../module-deps.js';
import type { SignInMethod } from '../../accounts/export-registry.js';
import type { AuthLimits } from '../limits.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  verifyEmailThroughProvider,
} from '../repository.js';
import type { IssuedSession, SessionService } from '../sessions.js';
import { createFacebookClient } from './facebook.js';
import { openFlow, sealFlow, type OAuthFlow } from './flow-cookie.js';
import { createGoogleClient } from './google.js';
import type { ProviderClient, ProviderProfile } from './provider-client.js';
import { findLinkedUserId, insertLink, listLinkedAccounts } from './repository.js';

/** Why a social sign-in was refused; the login page turns the code into a message. */
export type SocialSignInFailure = Extract<
  ErrorCode,
  | 'auth.provider_unavailable'
  | 'auth.provider_failed'
  | 'auth.provider_email_unverified'
  | 'auth.provider_email_missing'
>;

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

/** Social sign-in (docs/decisions/0020-social-sign-in-accounts.md): accounts and the flow's seal. */
export function createOAuthService(
  { config, db, rateLimiter, log, keys }: ModuleDeps,
  { sessions, limits }: { sessions: SessionService; limits: AuthLimits },
) {
  const clients = createProviderClients(config.oauth);

  /**
   * Finds or makes the account a provider's profile signs into:
   * 1. the account already linked to this provider account;
   * 2. else the account with the same email, only when the provider vouches for the email
   *    (Google's email_verified; Facebook never does), which the link then joins;
   * 3. else a new account, its email verified only if the provider verified it.
   */
  async function resolveOnce(
    provider: OAuthProvider,
    profile: ProviderProfile,
  ): Promise<SocialSignInResult> {
    const linked = await findLinkedUserId(db, provider, profile.subject);
    if (linked) return { userId: linked };
    if (!profile.email) return { failure: 'auth.provider_email_missing' };

    const now = new Date().toISOString();
    const existing = await findUserByEmail(db, profile.email);
    if (existing) {
      if (!profile.emailVerified) return { failure: 'auth.provider_email_unverified' };
      await inTransaction(db, async (trx) => {
        await insertLink(trx, existing.id, provider, profile, now);
        await verifyEmailThroughProvider(trx, existing.id, profile);
      });
      if (existing.email_verified_at === null) {
        log.info(
          { userId: existing.id, provider },
          'social sign-in verified the email of an unverified account; its password was removed',
        );
      }
      return { userId: existing.id };
    }
    const id = randomUUID();
    const email = profile.email;
    await inTransaction(db, async (trx) => {
      await insertUser(
        trx,
        {
          id,
          email,
          emailVerifiedAt: profile.emailVerified ? now : null,
          passwordHash: null,
          givenName: profile.givenName,
          familyName: profile.familyName,
          picture: profile.picture,
        },
        now,
      );
      await insertLink(trx, id, provider, profile, now);
    });
    return { userId: id };
  }

  return {
    /** The client of a configured provider, else undefined. */
    client: (provider: OAuthProvider): ProviderClient | undefined => clients[provider],

    providers: () => ({ google: Boolean(clients.google), facebook: Boolean(clients.facebook) }),

    /** Counts a sign-in start from this address; false once the limit is reached. */
    async mayStart(ip: string): Promise<boolean> {
      try {
        await rateLimiter.hit(limits.oauthStartIp, ip);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.status === 429) return false;
        throw error;
      }
    },

    sealFlow: (flow: OAuthFlow) => sealFlow(keys.oauthFlow, flow),
    openFlow: (sealed: string) => openFlow(keys.oauthFlow, sealed),

    /**
     * Signs in the person a provider vouched for. Two callbacks racing for the same person may
     * both try to insert; the loser looks again.
     */
    async signIn(
      provider: OAuthProvider,
      profile: ProviderProfile,
      userAgent: string | undefined,
    ): Promise<IssuedSession | { failure: SocialSignInFailure }> {
      let result: SocialSignInResult;
      for (let attempt = 1; ; attempt++) {
        try {
          result = await resolveOnce(provider, profile);
          break;
        } catch (error) {
          if (attempt >= 2) throw error;
          log.info({ provider, err: error }, 'social sign-in raced another insert; looking again');
        }
      }
      if ('failure' in result) return result;
      const user = await findUserById(db, result.userId);
      if (!user) throw new Error(`social sign-in: user ${result.userId} vanished`);
      return sessions.start(user, userAgent);
    },

    /** "Download my data" lists the linked accounts among the ways to sign in. */
    async signInMethodsOf(userId: string): Promise<SignInMethod[]> {
      return (await listLinkedAccounts(db, userId)).map((link) => ({
        type: link.provider,
        detail: link.email,
        linkedAt: link.created_at,
      }));
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
