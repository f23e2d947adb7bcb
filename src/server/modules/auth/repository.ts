import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/tables/auth.js';

/**
 * The SQL of `users`, which the auth module owns with `refresh_tokens`
 * (refresh-tokens-repository.ts) and `email_tokens` (email-tokens-repository.ts). Other modules
 * reach these tables through the auth services, never here (oauth_accounts stays in
 * oauth/repository.ts, which joins a user's insert through `insertUser` in one transaction).
 */

export type UserRow = Selectable<UsersTable>;

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
