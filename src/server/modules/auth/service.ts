import { randomUUID } from 'node:crypto';
import { authMessages, type User } from '../../../shared/auth.js';
import { inTransaction, type Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { EmailTokenPurpose } from '../../db/tables/auth.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import { consumeEmailToken, insertEmailToken } from './email-tokens-repository.js';
import { passwordResetEmail, verificationEmail } from './emails.js';
import type { AuthLimits } from './limits.js';
import { assertPasswordNotCommon, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { lastActivityOf, revokeFamiliesOfUser } from './refresh-tokens-repository.js';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  searchUsersByEmail,
  setUserDisabled,
  insertUser,
  markEmailVerified,
  setPasswordHash,
  updateUserProfile,
  type ProfileColumns,
} from './repository.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';
import type { IssuedSession, SessionService } from './sessions.js';
import { toApiUser } from './users.js';

/** Who is asking: the client's IP (for rate limits) and browser (shown in the session list). */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

/** How long an emailed link works. */
export const emailTokenLifetimeMs: Record<EmailTokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
};

const invalidCredentials = () =>
  new AppError(401, 'auth.invalid_credentials', authMessages.incorrectCredentials);
const linkInvalid = () => new AppError(400, 'auth.link_invalid', authMessages.linkInvalid);

/**
 * Accounts with email and password, and what other modules may do to a user (update the profile,
 * set the password, delete the account): the users table is this module's. Each mail is written
 * to the outbox in the same transaction as its link's token (and, at registration, the account)
 * and sent from there: a crash after the answer loses no mail, and forgot-password and resend
 * answer without waiting for a mail server.
 */
export function createAuthService(
  deps: ModuleDeps,
  { sessions, limits }: { sessions: SessionService; limits: AuthLimits },
) {
  const { config, db, rateLimiter, mailOutbox } = deps;

  /** A single-use token for a link; only its hash is stored. Answers the token itself. */
  async function issueEmailToken(
    trx: Db,
    userId: string,
    purpose: EmailTokenPurpose,
  ): Promise<string> {
    const token = newSecretToken();
    const now = Date.now();
    await insertEmailToken(trx, {
      id: randomUUID(),
      user_id: userId,
      purpose,
      token_hash: hashSecretToken(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + emailTokenLifetimeMs[purpose]).toISOString(),
      used_at: null,
    });
    return token;
  }

  async function queueVerification(trx: Db, userId: string, email: string) {
    const token = await issueEmailToken(trx, userId, 'verify');
    await mailOutbox.enqueue(trx, verificationEmail(config, email, token), { kind: 'auth.verify' });
  }

  return {
    async register(input: { email: string; password: string }, client: Client) {
      await rateLimiter.hit(limits.registerIp, client.ip);
      await rateLimiter.hit(limits.registerAddress, input.email);
      assertPasswordNotCommon(input.password);
      const emailInUse = new AppError(409, 'auth.email_in_use', authMessages.emailInUse, {
        email: authMessages.emailInUse,
      });
      if (await findUserByEmail(db, input.email)) throw emailInUse;
      const id = randomUUID();
      try {
        const passwordHash = await hashPassword(input.password);
        await inTransaction(db, async (trx) => {
          await insertUser(
            trx,
            { id, email: input.email, emailVerifiedAt: null, passwordHash },
            new Date().toISOString(),
          );
          await queueVerification(trx, id, input.email);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse;
        throw error;
      }
      mailOutbox.wake();
      return { message: authMessages.verificationSent };
    },

    async resendVerification(email: string, client: Client) {
      await rateLimiter.hit(limits.resendIp, client.ip);
      await rateLimiter.hit(limits.resendAddress, email);
      const user = await findUserByEmail(db, email);
      if (user && user.email_verified_at === null) {
        await inTransaction(db, (trx) => queueVerification(trx, user.id, user.email));
        mailOutbox.wake();
      }
      return { message: authMessages.verificationSent };
    },

    async verifyEmail(token: string, client: Client): Promise<IssuedSession> {
      await rateLimiter.hit(limits.emailTokenIp, client.ip);
      const userId = await consumeEmailToken(db, hashSecretToken(token), 'verify');
      if (!userId) throw linkInvalid();
      await markEmailVerified(db, userId);
      const user = await findUserById(db, userId);
      if (!user) throw linkInvalid();
      return sessions.start(user, client.userAgent);
    },

    /** Signs in with email and password, reading the user once. */
    async login(
      input: { email: string; password: string },
      client: Client,
    ): Promise<IssuedSession> {
      await rateLimiter.hit(limits.loginIp, client.ip);
      await rateLimiter.hit(limits.loginAccount, input.email);
      const user = await findUserByEmail(db, input.email);
      // Without a user (or a password) this still spends the time of one verification.
      const ok = await verifyPassword(user?.password_hash ?? null, input.password);
      if (!user || !ok) throw invalidCredentials();
      if (user.email_verified_at === null) {
        throw new AppError(403, 'auth.email_not_verified', authMessages.emailNotVerified);
      }
      await rateLimiter.reset(limits.loginAccount, input.email);
      if (user.password_hash && needsRehash(user.password_hash)) {
        await setPasswordHash(db, user.id, await hashPassword(input.password));
      }
      return sessions.start(user, client.userAgent);
    },

    async forgotPassword(email: string, client: Client) {
      await rateLimiter.hit(limits.forgotIp, client.ip);
      await rateLimiter.hit(limits.forgotAddress, email);
      const user = await findUserByEmail(db, email);
      if (user) {
        await inTransaction(db, async (trx) => {
          const token = await issueEmailToken(trx, user.id, 'reset');
          await mailOutbox.enqueue(trx, passwordResetEmail(config, user.email, token), {
            kind: 'auth.reset',
          });
        });
        mailOutbox.wake();
      }
      return { message: authMessages.resetSent };
    },

    async resetPassword(input: { token: string; password: string }, client: Client) {
      await rateLimiter.hit(limits.emailTokenIp, client.ip);
      // Checked before the link is used up, so a refused password leaves the link working.
      assertPasswordNotCommon(input.password);
      const userId = await consumeEmailToken(db, hashSecretToken(input.token), 'reset');
      if (!userId) throw linkInvalid();
      await setPasswordHash(db, userId, await hashPassword(input.password), {
        markVerified: true,
      });
      await sessions.endAll(userId);
      const user = await findUserById(db, userId);
      if (user) await rateLimiter.reset(limits.loginAccount, user.email);
      return { message: authMessages.passwordResetDone };
    },

    /** Sets a user's password (hashing it); the caller has checked who asks. */
    /** Whether `password` is the person's (false when they have none: a social-only account). */
    async checkPassword(userId: string, password: string): Promise<boolean> {
      const user = await findUserById(db, userId);
      return user?.password_hash ? verifyPassword(user.password_hash, password) : false;
    },

    async setPassword(userId: string, password: string): Promise<void> {
      await setPasswordHash(db, userId, await hashPassword(password));
    },

    async updateProfile(userId: string, changes: ProfileColumns): Promise<User> {
      return toApiUser(await updateUserProfile(db, userId, changes));
    },

    async deleteUser(userId: string): Promise<void> {
      await deleteUser(db, userId);
    },

    /** Accounts whose email contains `text`, for the console. */
    searchUsers: (text: string, limit: number) => searchUsersByEmail(db, text, limit),
    lastActivityOf: (userIds: string[]) => lastActivityOf(db, userIds),
    /** Disables an account (ending every session at once) or enables it again. */
    async setDisabled(userId: string, disabled: boolean): Promise<void> {
      await inTransaction(db, async (trx) => {
        await setUserDisabled(trx, userId, disabled ? new Date().toISOString() : null);
        if (disabled) await revokeFamiliesOfUser(trx, userId);
      });
    },
    /** Sends a new confirmation link to an unconfirmed account (an admin's request). */
    async sendVerification(userId: string): Promise<boolean> {
      const user = await findUserById(db, userId);
      if (!user || user.email_verified_at !== null) return false;
      await inTransaction(db, (trx) => queueVerification(trx, user.id, user.email));
      mailOutbox.wake();
      return true;
    },

    /** A person by email or id, for the staff tools (undefined when there is none). */
    findUserByEmail: (email: string) => findUserByEmail(db, email),
    findUserById: (id: string) => findUserById(db, id),
    /** People by id; the ones that no longer exist are absent. */
    findUsersByIds: (ids: string[]) => findUsersByIds(db, [...new Set(ids)]),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
