import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { authMessages, type updateProfileRequestSchema, type User } from '../../../shared/auth.js';
import { AppError } from '../../errors.js';
import { authLimits } from '../auth/limits.js';
import { assertPasswordNotCommon, hashPassword, verifyPassword } from '../auth/passwords.js';
import { revokeAllFamilies, type Authenticated } from '../auth/sessions.js';
import { setPasswordHash, toApiUser, type UserRow } from '../auth/users.js';
import type { SignInMethod } from './export-registry.js';

export type ProfileUpdate = z.infer<typeof updateProfileRequestSchema>;

/** The signed-in person's own account: profile, password, sessions, export and deletion. */
export function createAccountService(app: FastifyInstance) {
  const { db } = app;
  const limits = authLimits(app.config);

  async function listSessions(userId: string, currentSessionId: string) {
    const rows = await db.kysely
      .selectFrom('refresh_tokens')
      .select(['family_id', 'created_at', 'expires_at', 'revoked_at', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const families = new Map<
      string,
      {
        id: string;
        createdAt: string;
        lastUsedAt: string;
        expiresAt: string;
        userAgent: string | null;
        active: boolean;
        current: boolean;
      }
    >();
    for (const row of rows) {
      const family = families.get(row.family_id);
      if (!family) {
        families.set(row.family_id, {
          id: row.family_id,
          createdAt: row.created_at,
          lastUsedAt: row.created_at,
          expiresAt: row.expires_at,
          userAgent: row.user_agent,
          active: row.revoked_at === null,
          current: row.family_id === currentSessionId,
        });
        continue;
      }
      // Rows come oldest first: the newest token holds the family's latest state.
      family.lastUsedAt = row.created_at;
      family.expiresAt = row.expires_at;
      family.userAgent = row.user_agent ?? family.userAgent;
      family.active = row.revoked_at === null;
    }
    const now = new Date().toISOString();
    return [...families.values()].map((f) => ({ ...f, active: f.active && f.expiresAt > now }));
  }

  return {
    async updateProfile(user: UserRow, update: ProfileUpdate): Promise<User> {
      const blankToNull = (value: string | null | undefined) =>
        value === undefined ? undefined : value === null || value === '' ? null : value;
      const jurisdiction = update.jurisdiction;
      if (jurisdiction && jurisdiction.region !== null && jurisdiction.country === null) {
        const message = 'Choose a country before a state or province.';
        throw new AppError(400, 'request.invalid', message, { 'jurisdiction.region': message });
      }
      const changes = {
        given_name: blankToNull(update.givenName),
        family_name: blankToNull(update.familyName),
        picture_url: blankToNull(update.picture),
        jurisdiction_country: jurisdiction?.country,
        jurisdiction_region: jurisdiction?.region,
      };
      const set = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      const updated = await db.kysely
        .updateTable('users')
        .set({ ...set, updated_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toApiUser(updated);
    },

    /** Changes (or, for an account made through Google or Facebook, sets) the password. */
    async changePassword(
      { user, sessionId }: Authenticated,
      input: { currentPassword?: string | undefined; newPassword: string },
    ) {
      await app.rateLimiter.hit(limits.passwordChange, user.id);
      if (user.password_hash !== null) {
        const ok =
          input.currentPassword !== undefined &&
          (await verifyPassword(user.password_hash, input.currentPassword));
        if (!ok) {
          throw new AppError(400, 'auth.password_incorrect', authMessages.passwordIncorrect, {
            currentPassword: authMessages.passwordIncorrect,
          });
        }
      }
      assertPasswordNotCommon(input.newPassword, 'newPassword');
      await setPasswordHash(db, user.id, await hashPassword(input.newPassword));
      await app.rateLimiter.reset(limits.passwordChange, user.id);
      // Whoever may know the old password is signed out; this browser stays signed in.
      await revokeAllFamilies(app, user.id, sessionId);
      return { message: authMessages.passwordChanged };
    },

    async exportData({ user, sessionId }: Authenticated) {
      const signInMethods: SignInMethod[] = user.password_hash ? [{ type: 'password' }] : [];
      for (const collect of app.accountExport.signInMethodSources()) {
        signInMethods.push(...(await collect(user.id)));
      }
      const data: Record<string, unknown> = {
        format: 'lexwise-account-export/1',
        exportedAt: new Date().toISOString(),
        product: app.config.site.productName,
        profile: toApiUser(user),
        signInMethods,
        sessions: await listSessions(user.id, sessionId),
      };
      for (const section of app.accountExport.sections()) {
        data[section.name] = await section.collect(user.id);
      }
      return data;
    },

    async deleteAccount(user: UserRow, confirmEmail: string) {
      if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError(
          400,
          'account.confirmation_mismatch',
          authMessages.confirmationMismatch,
          {
            confirmEmail: authMessages.confirmationMismatch,
          },
        );
      }
      // Every table holding this person's data references users with ON DELETE CASCADE.
      await db.kysely.deleteFrom('users').where('id', '=', user.id).execute();
    },
  };
}
