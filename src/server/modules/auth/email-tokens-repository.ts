import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EmailTokenPurpose, EmailTokensTable } from '../../db/tables/auth.js';

/** The SQL of `email_tokens`: single-use tokens sent in links; only their hashes are kept. */

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
