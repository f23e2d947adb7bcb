import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { EmailTokenPurpose } from '../../db/types.js';
import { hashSecretToken, newSecretToken } from './secret-tokens.js';

/** How long an emailed link works. */
export const emailTokenLifetimeMs: Record<EmailTokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
};

/** Creates a single-use token for a link; only its hash is stored. Returns the token itself. */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = newSecretToken();
  const now = Date.now();
  await db.kysely
    .insertInto('email_tokens')
    .values({
      id: randomUUID(),
      user_id: userId,
      purpose,
      token_hash: hashSecretToken(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + emailTokenLifetimeMs[purpose]).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses up a token: answers its user's id once, while it is unexpired and unused, and undefined
 * otherwise. Every other outstanding token of the same purpose for that user is used up with it,
 * so an older link cannot be followed later.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<string | undefined> {
  const now = new Date().toISOString();
  const row = await db.kysely
    .selectFrom('email_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashSecretToken(token))
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
