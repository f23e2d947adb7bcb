import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type {
  EmailTokenPurpose,
  EmailTokensTable,
  RefreshTokensTable,
  UsersTable,
} from '../../db/types.js';

/**
 * The SQL of the auth module, which owns `users`, `refresh_tokens` and `email_tokens`. Other
 * modules reach these tables through the auth services, never here (oauth_accounts stays in
 * oauth/repository.ts, which joins a user's insert through `insertUser` in one transaction).
 */

export type UserRow = Selectable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

// users

/** Emails are kept lower-cased (the shared email schema does it); a lookup does the same. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** People by id, for another module that names them (staff, cases). */
export function findUsersByIds(db: Db, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.kysely.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

/** Accounts whose email contains `text` (any case), newest first. */
export function searchUsersByEmail(db: Db, text: string, limit: number): Promise<UserRow[]> {
  // LIKE's wildcards in what was typed are matched as themselves.
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where(sql<boolean>`email like ${pattern} escape '\\'`)
    .orderBy('created_at', 'desc')
    .limit(limit)
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

export async function setUserDisabled(db: Db, userId: string, at: string | null): Promise<void> {
  await db.kysely.updateTable('users').set({ disabled_at: at }).where('id', '=', userId).execute();
}

export interface NewUser {
  id: string;
  email: string;
  emailVerifiedAt: string | null;
  passwordHash: string | null;
  givenName?: string | null;
  familyName?: string | null;
  picture?: string | null;
}

export async function insertUser(db: Db, user: NewUser, now: string): Promise<void> {
  await db.kysely
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      email_verified_at: user.emailVerifiedAt,
      password_hash: user.passwordHash,
      given_name: user.givenName ?? null,
      family_name: user.familyName ?? null,
      picture_url: user.picture ?? null,
      jurisdiction_country: null,
      jurisdiction_region: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Sets a new password hash; following an emailed link also proves the address is theirs. */
export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  { markVerified = false } = {},
): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      updated_at: now,
      ...(markVerified
        ? { email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)) }
        : {}),
    }))
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** The profile columns a person may change; undefined leaves a column as it is. */
export interface ProfileColumns {
  givenName?: string | null;
  familyName?: string | null;
  picture?: string | null;
  jurisdictionCountry?: string | null;
  jurisdictionRegion?: string | null;
}

export function updateUserProfile(
  db: Db,
  userId: string,
  changes: ProfileColumns,
): Promise<UserRow> {
  const columns = {
    given_name: changes.givenName,
    family_name: changes.familyName,
    picture_url: changes.picture,
    jurisdiction_country: changes.jurisdictionCountry,
    jurisdiction_region: changes.jurisdictionRegion,
  };
  const set = Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  );
  return db.kysely
    .updateTable('users')
    .set({ ...set, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a user; every table holding their data references users with ON DELETE CASCADE. */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.kysely.deleteFrom('users').where('id', '=', userId).execute();
}

/**
 * A provider vouched for the user's email: it becomes verified; if it was not before, the
 * password goes, since whoever chose it never proved they hold the address
 * (docs/decisions/0020-social-sign-in-accounts.md). Empty profile fields are filled from the
 * provider's. Read and decided in one statement, so a concurrent verification cannot be undone.
 */
export async function verifyEmailThroughProvider(
  db: Db,
  userId: string,
  profile: { givenName: string | null; familyName: string | null; picture: string | null },
): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely
    .updateTable('users')
    .set((eb) => ({
      password_hash: eb
        .case()
        .when('email_verified_at', 'is', null)
        .then(null)
        .else(eb.ref('password_hash'))
        .end(),
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
      given_name: eb.fn.coalesce('given_name', eb.val(profile.givenName)),
      family_name: eb.fn.coalesce('family_name', eb.val(profile.familyName)),
      picture_url: eb.fn.coalesce('picture_url', eb.val(profile.picture)),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
}

// refresh_tokens: one row per issued token; a family is one sign-in.

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
 * Marks `currentId` replaced by `next` and stores `next`, in one transaction. Answers false when
 * another request rotated the token first (the conditional update found it already revoked).
 */
export function rotateRefreshToken(
  db: Db,
  currentId: string,
  next: RefreshTokenRow,
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: next.created_at, replaced_by: next.id })
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

// email_tokens: single-use tokens sent in links; only their hashes are kept.

export async function insertEmailToken(db: Db, row: Selectable<EmailTokensTable>): Promise<void> {
  await db.kysely.insertInto('email_tokens').values(row).execute();
}

/**
 * Uses up a token: answers its user's id once, while it is unexpired and unused, and undefined
 * otherwise. Every other outstanding token of the same purpose for that user is used up with it,
 * so an older link cannot be followed later.
 */
export async function consumeEmailToken(
  db: Db,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<string | undefined> {
  const now = new Date().toISOString();
  const row = await db.kysely
    .selectFrom('email_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  // The conditional update decides between two requests presenting the same token at once.
  const { numUpdatedRows } = await db.kysely
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (numUpdatedRows !== 1n) return undefined;
  await db.kysely
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  return row.user_id;
}
