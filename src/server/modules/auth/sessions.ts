import { randomUUID } from 'node:crypto';
import type { SessionResponse } from '../../../shared/auth.js';
import { authMessages } from '../../../shared/auth.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import { signAccessToken, verifyAccessToken } from './access-tokens.js';
import {
  findRefreshToken,
  findRefreshTokenById,
  findSignedInUser,
  insertRefreshToken,
  listRefreshTokensOfUser,
  revokeFamiliesOfUser,
  revokeFamily,
  rotateRefreshToken,
  type RefreshTokenRow,
} from './refresh-tokens-repository.js';
import { findUserById, type UserRow } from './repository.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';
import { toApiUser } from './users.js';
import type { User } from '../../../shared/auth.js';

/**
 * Who made an authenticated request, and through which sign-in (refresh-token family). The user
 * is the API's small shape, without secrets: the password hash never leaves the auth module.
 */
export interface Authenticated {
  user: User;
  sessionId: string;
}

/** A sign-in's answer: the body for the client and the refresh token for its cookie. */
export interface IssuedSession {
  body: SessionResponse;
  refreshToken: string;
}

/** One sign-in as the account page and the data export list it. */
export interface SessionSummary {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  userAgent: string | null;
  active: boolean;
  current: boolean;
}

export const sessionExpired = () =>
  new AppError(401, 'auth.session_expired', authMessages.sessionExpired);

const day = 24 * 60 * 60 * 1000;
/** How long a just-rotated refresh token may still be presented once, for a lost answer. */
const rotationGraceMs = 20_000;

function truncateUserAgent(userAgent: string | undefined): string | null {
  return userAgent ? userAgent.slice(0, 300) : null;
}

/**
 * Sign-ins (docs/decisions/0012-refresh-token-families.md): each is a family of refresh tokens,
 * rotated on every refresh, and access tokens name their family so that revoking it takes effect
 * at once. The cookie that carries the refresh token is the routes' business (refresh-cookie.ts).
 */
export function createSessionService({ config, db, log }: ModuleDeps) {
  /** SQLite: sign-ins found live, by user and sign-in, with the data version they were read at. */
  const liveSignIns = new Map<
    string,
    { auth: Authenticated; version: number; expiresAtMs: number }
  >();

  /**
   * A token rotated moments ago whose successor was never used: the answer to that refresh was
   * lost (a page navigated or reloaded while it was on its way, so the browser kept the old
   * cookie). Within `rotationGraceMs` the successor stands in for it, rotated in its turn, rather
   * than the whole sign-in ending (decision 0098). A use that began before the rotation was
   * written (`revoked_at` is taken just before the write) is a second use at the same instant,
   * not a lost answer, whichever of the two reads the row first. Undefined otherwise.
   */
  async function unansweredRotation(token: RefreshTokenRow, now: number) {
    if (token.revoked_at === null || token.replaced_by === null) return undefined;
    const rotatedAt = Date.parse(token.revoked_at);
    if (now <= rotatedAt || now - rotatedAt >= rotationGraceMs) return undefined;
    const successor = await findRefreshTokenById(db, token.replaced_by);
    return successor && successor.revoked_at === null ? successor : undefined;
  }

  const refreshExpiry = (from: number) =>
    new Date(from + config.auth.refreshTokenTtlDays * day).toISOString();

  async function issue(
    user: UserRow,
    familyId: string,
    refreshToken: string,
  ): Promise<IssuedSession> {
    const accessToken = await signAccessToken(config, { userId: user.id, sessionId: familyId });
    return {
      body: { accessToken, expiresIn: config.auth.accessTokenTtlSeconds, user: toApiUser(user) },
      refreshToken,
    };
  }

  async function endFamily(familyId: string) {
    await revokeFamily(db, familyId);
  }

  return {
    /** Signs a person in: a new family and its first refresh token. */
    async start(user: UserRow, userAgent?: string): Promise<IssuedSession> {
      // Every way in (password, link, provider) starts here: a disabled account gets no session.
      if (user.disabled_at) {
        throw new AppError(403, 'auth.account_disabled', authMessages.accountDisabled);
      }
      const token = newSecretToken();
      const familyId = randomUUID();
      const now = Date.now();
      await insertRefreshToken(db, {
        id: randomUUID(),
        user_id: user.id,
        family_id: familyId,
        token_hash: hashSecretToken(token),
        created_at: new Date(now).toISOString(),
        expires_at: refreshExpiry(now),
        revoked_at: null,
        replaced_by: null,
        user_agent: truncateUserAgent(userAgent),
      });
      return issue(user, familyId, token);
    },

    /**
     * Exchanges a refresh token for a new one in the same family and a new access token. A token
     * that was already rotated (or revoked) ends its whole family: someone else may hold a copy.
     * Throws 401 auth.session_expired.
     */
    async rotate(presented: string | undefined, userAgent?: string): Promise<IssuedSession> {
      if (!presented) throw sessionExpired();
      const now = Date.now();
      const nowIso = new Date(now).toISOString();
      const found = await findRefreshToken(db, hashSecretToken(presented));
      if (!found) throw sessionExpired();
      const current = (await unansweredRotation(found, now)) ?? found;
      if (current.revoked_at !== null) {
        await endFamily(current.family_id);
        if (current.replaced_by !== null) {
          log.warn(
            { userId: current.user_id, sessionId: current.family_id },
            'a rotated refresh token was presented again; its family is revoked',
          );
        }
        throw sessionExpired();
      }
      if (current.expires_at <= nowIso) throw sessionExpired();

      const token = newSecretToken();
      const rotated = await rotateRefreshToken(db, current.id, new Date().toISOString(), {
        id: randomUUID(),
        user_id: current.user_id,
        family_id: current.family_id,
        token_hash: hashSecretToken(token),
        created_at: nowIso,
        expires_at: refreshExpiry(now),
        revoked_at: null,
        replaced_by: null,
        user_agent: truncateUserAgent(userAgent) ?? current.user_agent,
      });
      if (!rotated) {
        // Another request rotated this token first: the same as presenting a used one.
        await endFamily(current.family_id);
        throw sessionExpired();
      }
      const user = await findUserById(db, current.user_id);
      if (!user) throw sessionExpired();
      return issue(user, current.family_id, token);
    },

    /** Signs out the sign-in a refresh token belongs to; an unknown token changes nothing. */
    async end(presented: string | undefined): Promise<void> {
      if (!presented) return;
      const current = await findRefreshToken(db, hashSecretToken(presented));
      if (current) await endFamily(current.family_id);
    },

    /** Ends every sign-in of a user, or every one but `keepSessionId`. */
    async endAll(userId: string, keepSessionId?: string): Promise<void> {
      await revokeFamiliesOfUser(db, userId, keepSessionId);
    },

    /** The user's sign-ins, oldest first, each in its latest state. */
    async list(userId: string, currentSessionId: string): Promise<SessionSummary[]> {
      const rows = await listRefreshTokensOfUser(db, userId);
      const families = new Map<string, SessionSummary>();
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
    },

    /**
     * The user an access token speaks for, checking in one query that its sign-in has not been
     * revoked (sign out of all devices, a password reset), so revocation takes effect at once.
     * On SQLite the answer is synchronous (no promise on the hot path), on PostgreSQL a promise.
     *
     * On SQLite a sign-in found live is remembered with the database's data version (decision
     * 0145): until any connection commits a change (a revocation, a profile edit, or any other
     * write) and while its token is unexpired, the same token gets the same answer without the
     * read. The token itself is still checked on every request.
     */
    authenticate(
      accessToken: string,
    ): Authenticated | undefined | Promise<Authenticated | undefined> {
      const claims = verifyAccessToken(config, accessToken);
      if (!claims) return undefined;
      const version = db.dataVersion?.();
      const key = `${claims.userId} ${claims.sessionId}`;
      if (version !== undefined) {
        const known = liveSignIns.get(key);
        // Milliseconds: no date string is made for the request that finds its sign-in here.
        if (known && known.version === version && known.expiresAtMs > Date.now()) {
          return known.auth;
        }
      }
      const now = new Date().toISOString();
      const rows = findSignedInUser(db, {
        userId: claims.userId,
        sessionId: claims.sessionId,
        now,
      });
      const signedIn = ([row]: SignedInRow[]) => {
        if (!row) return undefined;
        const auth = frozenAuth(toApiUser(row), claims.sessionId);
        if (version !== undefined && row.session_expires_at !== null) {
          // Emptied when full, as the verified tokens are: no bookkeeping per request.
          if (liveSignIns.size >= liveSignInsLimit) liveSignIns.clear();
          const expiresAtMs = Date.parse(row.session_expires_at);
          liveSignIns.set(key, { auth, version, expiresAtMs });
        }
        return auth;
      };
      return Array.isArray(rows) ? signedIn(rows) : rows.then(signedIn);
    },
  };
}

type SignedInRow = UserRow & { session_expires_at: string | null };

/** At most this many remembered sign-ins (a few hundred bytes each). */
const liveSignInsLimit = 10_000;

/** An answer shared by the requests of one sign-in: nothing may change it in place. */
function frozenAuth(user: User, sessionId: string): Authenticated {
  Object.freeze(user.jurisdiction);
  return Object.freeze({ user: Object.freeze(user), sessionId });
}

export type SessionService = ReturnType<typeof createSessionService>;
