import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OAuthProvider } from '../../../../shared/auth.js';
import type { Database } from '../../../db/types.js';
import type { UserRow } from '../users.js';
import type { ProviderProfile } from './provider-client.js';

type Db = Kysely<Database>;

/** The user linked to this provider account, if any. */
export async function findLinkedUserId(
  db: Db,
  provider: OAuthProvider,
  subject: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_accounts')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

async function insertLink(
  db: Db,
  userId: string,
  provider: OAuthProvider,
  profile: ProviderProfile,
  now: string,
) {
  await db
    .insertInto('oauth_accounts')
    .values({
      id: randomUUID(),
      user_id: userId,
      provider,
      subject: profile.subject,
      email: profile.email,
      created_at: now,
    })
    .execute();
}

/** The provider accounts linked to a user, oldest first (for the data export). */
export async function listLinkedAccounts(db: Db, userId: string) {
  return db
    .selectFrom('oauth_accounts')
    .select(['provider', 'email', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** A new user from the provider's profile, linked to the provider account, in one transaction. */
export async function createUserWithLink(
  db: Db,
  provider: OAuthProvider,
  profile: ProviderProfile & { email: string },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        email: profile.email,
        email_verified_at: profile.emailVerified ? now : null,
        password_hash: null,
        given_name: profile.givenName,
        family_name: profile.familyName,
        picture_url: profile.picture,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await insertLink(trx, id, provider, profile, now);
  });
  return id;
}

/**
 * Links the provider account to an existing user whose email the provider has verified. The
 * email becomes verified; if it was not before, the password goes: whoever chose it never proved
 * they hold the address (docs/decisions/0020-social-sign-in-accounts.md). Empty profile fields
 * are filled from the provider's.
 */
export async function linkToVerifiedUser(
  db: Db,
  user: Pick<UserRow, 'id'>,
  provider: OAuthProvider,
  profile: ProviderProfile,
): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await insertLink(trx, user.id, provider, profile, now);
    // Read and decided in the same statement, so a concurrent verification cannot be undone.
    await trx
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
      .where('id', '=', user.id)
      .execute();
  });
}
