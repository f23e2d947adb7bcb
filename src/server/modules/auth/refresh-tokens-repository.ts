import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { RefreshTokensTable } from '../../db/tables/auth.js';

/** The SQL of `refresh_tokens`: one row per issued token; a family is one sign-in. */

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export async function insertRefreshToken(db: Db, row: RefreshTokenRow): Promise<void> {
  await db.kysely.insertInto('refresh_tokens').values(row).execute();
}

export function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.kysely
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findRefreshTokenById(db: Db, id: string): Promise<RefreshTokenRow | undefined> {
  return db.kysely.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks `currentId` replaced by `next` at `rotatedAt` and stores `next`, in one transaction.
 * Answers false when another request rotated the token first (the conditional update found it
 * already revoked).
 */
export function rotateRefreshToken(
  db: Db,
  currentId: string,
  rotatedAt: string,
  next: RefreshTokenRow,
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: rotatedAt, replaced_by: next.id })
      .where('id', '=', currentId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) return false;
    await trx.insertInto('refresh_tokens').values(next).execute();
    return true;
  });
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.kysely
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every family of a user, or every one but `keepFamilyId`. */
export async function revokeFamiliesOfUser(
  db: Db,
  userId: string,
  keepFamilyId?: string,
): Promise<void> {
  let query = db.kysely
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
  await query.execute();
}

/** A user's refresh tokens, oldest first, without their hashes. */
export function listRefreshTokensOfUser(db: Db, userId: string) {
  return db.kysely
    .selectFrom('refresh_tokens')
    .select(['family_id', 'created_at', 'expires_at', 'revoked_at', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** When each person last signed in or refreshed a session (their latest refresh token). */
export async function lastActivityOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('refresh_tokens')
    .select(['user_id', (eb) => eb.fn.max('created_at').as('last')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, new Date(String(r.last)).toISOString()]));
}

/**
 * A user whose sign-in (refresh-token family) is still live: the check on every request. The row
 * carries when that sign-in's live token expires (`session_expires_at`): until then, and while the
 * database is unchanged, the answer stays the same (decision 0145).
 */
export const findSignedInUser = preparedQuery(
  ['userId', 'sessionId', 'now'],
  (db, { userId, sessionId, now }: { userId: string; sessionId: string; now: string }) =>
    db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) =>
        eb
          .selectFrom('refresh_tokens')
          .select((inner) => inner.fn.max('refresh_tokens.expires_at').as('expires_at'))
          .where('refresh_tokens.family_id', '=', sessionId)
          .whereRef('refresh_tokens.user_id', '=', 'users.id')
          .where('refresh_tokens.revoked_at', 'is', null)
          .as('session_expires_at'),
      )
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
