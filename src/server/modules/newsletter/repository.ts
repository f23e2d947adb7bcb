import type { Db } from '../../db/database.js';
import type { NewsletterSubscribersTable } from '../../db/tables/newsletter.js';

export type Subscriber = NewsletterSubscribersTable;

export async function findSubscriberByEmail(db: Db, email: string) {
  return db.kysely
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Adds an address as pending; does nothing when it is already there (a concurrent request). */
export async function insertPendingSubscriber(
  db: Db,
  row: Pick<
    Subscriber,
    'id' | 'email' | 'confirm_token_hash' | 'confirm_expires_at' | 'unsubscribe_token_hash'
  >,
): Promise<void> {
  await db.kysely
    .insertInto('newsletter_subscribers')
    .values({ ...row, status: 'pending', created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

/** Issues a new confirmation token; an unsubscribed address goes back to pending. */
export async function setPendingConfirmation(
  db: Db,
  id: string,
  confirmTokenHash: string,
  expiresAt: string,
): Promise<void> {
  await db.kysely
    .updateTable('newsletter_subscribers')
    .set({ status: 'pending', confirm_token_hash: confirmTokenHash, confirm_expires_at: expiresAt })
    .where('id', '=', id)
    .where('status', '!=', 'confirmed')
    .execute();
}

/**
 * Confirms the pending subscription holding this token, in one conditional update so a token
 * works once. Answers whether one was confirmed.
 */
export async function confirmByTokenHash(db: Db, tokenHash: string): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db.kysely
    .updateTable('newsletter_subscribers')
    .set({
      status: 'confirmed',
      confirmed_at: now,
      confirm_token_hash: null,
      confirm_expires_at: null,
    })
    .where('confirm_token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('confirm_expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unsubscribes the address holding this token (again, harmlessly). Answers whether one did. */
export async function unsubscribeByTokenHash(db: Db, tokenHash: string): Promise<boolean> {
  const now = new Date().toISOString();
  const subscriber = await db.kysely
    .selectFrom('newsletter_subscribers')
    .select(['id', 'status'])
    .where('unsubscribe_token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!subscriber) return false;
  if (subscriber.status !== 'unsubscribed') {
    // A pending confirmation link dies with the subscription: coming back needs a new one.
    await db.kysely
      .updateTable('newsletter_subscribers')
      .set({
        status: 'unsubscribed',
        unsubscribed_at: now,
        confirm_token_hash: null,
        confirm_expires_at: null,
      })
      .where('id', '=', subscriber.id)
      .execute();
  }
  return true;
}

/** The addresses the newsletter goes to: confirmed ones only. */
export async function listConfirmedSubscribers(db: Db) {
  return db.kysely
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'confirmed_at'])
    .where('status', '=', 'confirmed')
    .orderBy('confirmed_at')
    .execute();
}

/** Every address with its status, newest first, for the console (no tokens). */
export function listSubscribers(db: Db, limit: number) {
  return db.kysely
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
