import type { Selectable } from 'kysely';
import type { User } from '../../../shared/auth.js';
import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/types.js';

export type UserRow = Selectable<UsersTable>;

/** The user as the API shows it: never the password hash. */
export function toApiUser(row: UserRow): User {
  const fullName = [row.given_name, row.family_name].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    givenName: row.given_name,
    familyName: row.family_name,
    name: fullName || row.email.split('@')[0] || row.email,
    picture: row.picture_url,
    jurisdiction: { country: row.jurisdiction_country, region: row.jurisdiction_region },
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
  };
}

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
