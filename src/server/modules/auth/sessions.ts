import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authMessages, type SessionResponse } from '../../../shared/auth.js';
import type { Config } from '../../config.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { AppError } from '../../errors.js';
import { signAccessToken, verifyAccessToken } from './access-tokens.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';
import { toApiUser, type UserRow } from './users.js';

export { toApiUser, type UserRow } from './users.js';

/** Who made an authenticated request, and through which sign-in (refresh-token family). */
export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: answers 401 auth.unauthenticated unless a valid Bearer token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate` (or `requireUser`) once the Bearer token has been checked. */
    auth: Authenticated | null;
  }
}

const day = 24 * 60 * 60;

/**
 * The refresh cookie. Production uses the `__Host-` prefix, which browsers accept only with
 * Secure and Path=/ (docs/decisions/0010-refresh-cookie.md); development keeps it to /api/auth.
 */
export function refreshCookie(config: Config) {
  const maxAge = config.auth.refreshTokenTtlDays * day;
  return config.env === 'production'
    ? {
        name: '__Host-lexwise_refresh',
        options: { httpOnly: true, sameSite: 'strict', secure: true, path: '/', maxAge } as const,
      }
    : {
        name: 'lexwise_refresh',
        options: {
          httpOnly: true,
          sameSite: 'strict',
          secure: false,
          path: '/api/auth',
          maxAge,
        } as const,
      };
}

export function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  const { name, options } = refreshCookie(app.config);
  reply.setCookie(name, token, options);
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply) {
  const { name, options } = refreshCookie(app.config);
  reply.clearCookie(name, { ...options, maxAge: undefined });
}

export function readRefreshCookie(app: FastifyInstance, request: FastifyRequest) {
  return request.cookies[refreshCookie(app.config).name] || undefined;
}

function refreshExpiry(config: Config, from = Date.now()): string {
  return new Date(from + config.auth.refreshTokenTtlDays * day * 1000).toISOString();
}

function truncateUserAgent(userAgent: string | undefined): string | null {
  return userAgent ? userAgent.slice(0, 300) : null;
}

async function sessionResponse(
  app: FastifyInstance,
  user: UserRow,
  sessionId: string,
): Promise<SessionResponse> {
  const accessToken = await signAccessToken(app.config, { userId: user.id, sessionId });
  return { accessToken, expiresIn: app.config.auth.accessTokenTtlSeconds, user: toApiUser(user) };
}

/**
 * Signs a person in: a new refresh-token family, its first token in the cookie, and the body of
 * the answer (access token and user). Called by email sign-in, email verification and OAuth.
 */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: string,
  userAgent?: string,
): Promise<SessionResponse> {
  const user = await app.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new Error(`startSession: no user ${userId}`);
  const token = newSecretToken();
  const familyId = randomUUID();
  const now = new Date();
  await app.db.kysely
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      user_id: user.id,
      family_id: familyId,
      token_hash: hashSecretToken(token),
      created_at: now.toISOString(),
      expires_at: refreshExpiry(app.config, now.getTime()),
      revoked_at: null,
      replaced_by: null,
      user_agent: truncateUserAgent(userAgent),
    })
    .execute();
  setRefreshCookie(app, reply, token);
  return sessionResponse(app, user, familyId);
}

export const sessionExpired = () =>
  new AppError(401, 'auth.session_expired', authMessages.sessionExpired);

/**
 * Exchanges a refresh token for a new one in the same family and a new access token. A token
 * that was already rotated (or revoked) ends its whole family: someone else may hold a copy.
 * Throws 401 auth.session_expired, and the caller clears the cookie.
 */
export async function rotateSession(
  app: FastifyInstance,
  reply: FastifyReply,
  presented: string,
  userAgent?: string,
): Promise<SessionResponse> {
  const db = app.db.kysely;
  const now = new Date();
  const nowIso = now.toISOString();
  const current = await db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashSecretToken(presented))
    .executeTakeFirst();
  if (!current) throw sessionExpired();
  if (current.revoked_at !== null) {
    await revokeFamily(app, current.family_id);
    if (current.replaced_by !== null) {
      app.log.warn(
        { userId: current.user_id, sessionId: current.family_id },
        'a rotated refresh token was presented again; its family is revoked',
      );
    }
    throw sessionExpired();
  }
  if (current.expires_at <= nowIso) throw sessionExpired();

  const token = newSecretToken();
  const nextId = randomUUID();
  const rotated = await db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso, replaced_by: nextId })
      .where('id', '=', current.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) return false;
    await trx
      .insertInto('refresh_tokens')
      .values({
        id: nextId,
        user_id: current.user_id,
        family_id: current.family_id,
        token_hash: hashSecretToken(token),
        created_at: nowIso,
        expires_at: refreshExpiry(app.config, now.getTime()),
        revoked_at: null,
        replaced_by: null,
        user_agent: truncateUserAgent(userAgent) ?? current.user_agent,
      })
      .execute();
    return true;
  });
  if (!rotated) {
    // Another request rotated this token first: the same as presenting a used one.
    await revokeFamily(app, current.family_id);
    throw sessionExpired();
  }
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', current.user_id)
    .executeTakeFirstOrThrow();
  setRefreshCookie(app, reply, token);
  return sessionResponse(app, user, current.family_id);
}

/** The family a refresh token belongs to, if the token is known. */
export async function findSessionOfRefreshToken(
  app: FastifyInstance,
  presented: string,
): Promise<{ userId: string; sessionId: string } | undefined> {
  const row = await app.db.kysely
    .selectFrom('refresh_tokens')
    .select(['user_id', 'family_id'])
    .where('token_hash', '=', hashSecretToken(presented))
    .executeTakeFirst();
  return row ? { userId: row.user_id, sessionId: row.family_id } : undefined;
}

/** Ends one sign-in: its refresh tokens stop working and its access tokens are refused. */
export async function revokeFamily(app: FastifyInstance, sessionId: string): Promise<void> {
  await app.db.kysely
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('family_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every sign-in of a user, or every one but `keepSessionId`. */
export async function revokeAllFamilies(
  app: FastifyInstance,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  let query = app.db.kysely
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('family_id', '!=', keepSessionId);
  await query.execute();
}

const unauthenticated = () =>
  new AppError(401, 'auth.unauthenticated', authMessages.unauthenticated, undefined, {
    'www-authenticate': 'Bearer',
  });

/** A user whose sign-in (refresh-token family) is still live: one query on every request. */
const signedInUser = preparedQuery(
  ['userId', 'sessionId', 'now'],
  (db, { userId, sessionId, now }: { userId: string; sessionId: string; now: string }) =>
    db
      .selectFrom('users')
      .selectAll('users')
      .where('users.id', '=', userId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', sessionId)
            .whereRef('refresh_tokens.user_id', '=', 'users.id')
            .where('refresh_tokens.revoked_at', 'is', null)
            .where('refresh_tokens.expires_at', '>', now),
        ),
      ),
);

/**
 * Checks the Bearer token and, in one query, loads its user and checks that its sign-in has not
 * been revoked (sign out of all devices, a password reset), so revocation takes effect at once.
 */
export async function authenticateRequest(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Authenticated> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim()) : null;
  if (!match) throw unauthenticated();
  const claims = verifyAccessToken(app.config, match[1]!);
  if (!claims) throw unauthenticated();
  const [user] = await signedInUser(app.db.kysely, {
    userId: claims.userId,
    sessionId: claims.sessionId,
    now: new Date().toISOString(),
  });
  if (!user) throw unauthenticated();
  return { user, sessionId: claims.sessionId };
}

/** The signed-in user of a request (checking the Bearer token if no preHandler did); else 401. */
export async function requireUser(request: FastifyRequest): Promise<Authenticated> {
  request.auth ??= await authenticateRequest(request.server, request);
  return request.auth;
}

/** Decorates the app with `authenticate` and requests with `auth`; buildApp calls it once. */
export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    await requireUser(request);
  });
}
