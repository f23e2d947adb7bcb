import { randomUUID } from 'node:crypto';
import type { OAuthProvider } from '../../../../shared/auth.js';
import type { Db } from '../../../db/database.js';
import type { ProviderProfile } from './provider-client.js';

/** The SQL of social sign-in, which owns `oauth_accounts`; users are auth's (../repository.ts). */

/** The user linked to this provider account, if any. */
export async function findLinkedUserId(
  db: Db,
  provider: OAuthProvider,
  subject: string,
): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('oauth_accounts')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertLink(
  db: Db,
  userId: string,
  provider: OAuthProvider,
  profile: ProviderProfile,
  now: string,
): Promise<void> {
  await db.kysely
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
  return db.kysely
    .selectFrom('oauth_accounts')
    .select(['provider', 'email', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
