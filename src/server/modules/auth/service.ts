import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authMessages, type SessionResponse } from '../../../shared/auth.js';
import { AppError } from '../../errors.js';
import type { MailMessage } from '../mail/mailer.js';
import { consumeEmailToken, issueEmailToken } from './email-tokens.js';
import { passwordResetEmail, verificationEmail } from './emails.js';
import { authLimits } from './limits.js';
import { assertPasswordNotCommon, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { revokeAllFamilies, startSession } from './sessions.js';
import { findUserByEmail, findUserById, setPasswordHash } from './users.js';

/** Who is asking: the client's IP (for rate limits) and browser (shown in the session list). */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

const invalidCredentials = () =>
  new AppError(401, 'auth.invalid_credentials', authMessages.incorrectCredentials);
const linkInvalid = () => new AppError(400, 'auth.link_invalid', authMessages.linkInvalid);

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/** The email-and-password flows. Mail goes out in the background (see `mailInBackground`). */
export function createAuthService(app: FastifyInstance) {
  const { config, db, rateLimiter } = app;
  const limits = authLimits(config);
  const pendingMail = new Set<Promise<void>>();

  /**
   * Issues the link's token and sends the mail without making the request wait: forgot-password
   * and resend then answer in the same time whether or not the address has an account. A failure
   * is logged (never the message, which holds the link).
   */
  function mailInBackground(subject: string, compose: () => Promise<MailMessage>) {
    const sending = compose()
      .then((message) => app.mailer.send(message))
      .catch((error: unknown) => {
        app.log.error(
          { err: error instanceof Error ? { message: error.message } : String(error) },
          `could not send "${subject}"`,
        );
      })
      .finally(() => pendingMail.delete(sending));
    pendingMail.add(sending);
  }

  function sendVerification(userId: string, email: string) {
    mailInBackground('verification', async () =>
      verificationEmail(config, email, await issueEmailToken(db, userId, 'verify')),
    );
  }

  return {
    /** Waits for mail still being sent; the app's onClose calls it. */
    async flushMail() {
      await Promise.all([...pendingMail]);
    },

    async register(input: { email: string; password: string }, client: Client) {
      await rateLimiter.hit(limits.registerIp, client.ip);
      await rateLimiter.hit(limits.registerAddress, input.email);
      assertPasswordNotCommon(input.password);
      const emailInUse = new AppError(409, 'auth.email_in_use', authMessages.emailInUse, {
        email: authMessages.emailInUse,
      });
      if (await findUserByEmail(db, input.email)) throw emailInUse;
      const now = new Date().toISOString();
      const id = randomUUID();
      try {
        await db.kysely
          .insertInto('users')
          .values({
            id,
            email: input.email,
            email_verified_at: null,
            password_hash: await hashPassword(input.password),
            given_name: null,
            family_name: null,
            picture_url: null,
            jurisdiction_country: null,
            jurisdiction_region: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse;
        throw error;
      }
      sendVerification(id, input.email);
      return { message: authMessages.verificationSent };
    },

    async resendVerification(email: string, client: Client) {
      await rateLimiter.hit(limits.resendIp, client.ip);
      await rateLimiter.hit(limits.resendAddress, email);
      const user = await findUserByEmail(db, email);
      if (user && user.email_verified_at === null) sendVerification(user.id, user.email);
      return { message: authMessages.verificationSent };
    },

    async verifyEmail(token: string, client: Client, reply: FastifyReply) {
      await rateLimiter.hit(limits.emailTokenIp, client.ip);
      const userId = await consumeEmailToken(db, token, 'verify');
      if (!userId) throw linkInvalid();
      const now = new Date().toISOString();
      await db.kysely
        .updateTable('users')
        .set({ email_verified_at: now, updated_at: now })
        .where('id', '=', userId)
        .where('email_verified_at', 'is', null)
        .execute();
      return startSession(app, reply, userId, client.userAgent);
    },

    async login(
      input: { email: string; password: string },
      client: Client,
      reply: FastifyReply,
    ): Promise<SessionResponse> {
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
      return startSession(app, reply, user.id, client.userAgent);
    },

    async forgotPassword(email: string, client: Client) {
      await rateLimiter.hit(limits.forgotIp, client.ip);
      await rateLimiter.hit(limits.forgotAddress, email);
      const user = await findUserByEmail(db, email);
      if (user) {
        mailInBackground('password reset', async () =>
          passwordResetEmail(config, user.email, await issueEmailToken(db, user.id, 'reset')),
        );
      }
      return { message: authMessages.resetSent };
    },

    async resetPassword(input: { token: string; password: string }, client: Client) {
      await rateLimiter.hit(limits.emailTokenIp, client.ip);
      // Checked before the link is used up, so a refused password leaves the link working.
      assertPasswordNotCommon(input.password);
      const userId = await consumeEmailToken(db, input.token, 'reset');
      if (!userId) throw linkInvalid();
      await setPasswordHash(db, userId, await hashPassword(input.password), {
        markVerified: true,
      });
      await revokeAllFamilies(app, userId);
      const user = await findUserById(db, userId);
      if (user) await rateLimiter.reset(limits.loginAccount, user.email);
      return { message: authMessages.passwordResetDone };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
