import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { MailMessage } from './mailer.js';

/** What a mail is about: a kind a module may act on once it is sent, and that module's record. */
export interface MailTopic {
  kind: string;
  reference?: string;
}

/**
 * Writes a mail to the outbox. Pass the Db of the transaction that records its cause (a new
 * account, a token, a contact message; see inTransaction), so the mail exists exactly when its
 * cause does.
 */
export async function enqueueMail(db: Db, message: MailMessage, topic: MailTopic): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      message: JSON.stringify(message),
      kind: topic.kind,
      reference: topic.reference ?? null,
      created_at: now,
      attempts: 0,
      next_attempt_at: now,
      lease_token: null,
      leased_until: null,
      failed_at: null,
      last_error: null,
    })
    .execute();
}

export interface ClaimedMail {
  id: string;
  message: MailMessage;
  kind: string;
  reference: string | null;
  attempts: number;
  leaseToken: string;
}

/**
 * Claims up to `limit` mails that are due and not leased by a live sender. Each claim is one
 * conditional update, so of several instances polling at once exactly one gets a given mail.
 */
export async function claimDueMail(
  db: Db,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<ClaimedMail[]> {
  const now = new Date();
  const nowIso = now.toISOString();
  const due = await db.kysely
    .selectFrom('mail_outbox')
    .select(['id', 'message', 'kind', 'reference', 'attempts'])
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', nowIso)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: ClaimedMail[] = [];
  for (const row of due) {
    const leaseToken = randomUUID();
    const { numUpdatedRows } = await db.kysely
      .updateTable('mail_outbox')
      .set({
        lease_token: leaseToken,
        leased_until: new Date(now.getTime() + leaseMs).toISOString(),
      })
      .where('id', '=', row.id)
      .where('failed_at', 'is', null)
      .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', nowIso)]))
      .executeTakeFirst();
    if (numUpdatedRows !== 1n || row.message === null) continue;
    claimed.push({
      id: row.id,
      message: JSON.parse(row.message) as MailMessage,
      kind: row.kind,
      reference: row.reference,
      attempts: row.attempts,
      leaseToken,
    });
  }
  return claimed;
}

/** A sent mail leaves the outbox (with it, the link it carried). Only its lease holder may. */
export async function deleteSentMail(db: Db, mail: ClaimedMail): Promise<void> {
  await db.kysely
    .deleteFrom('mail_outbox')
    .where('id', '=', mail.id)
    .where('lease_token', '=', mail.leaseToken)
    .execute();
}

/** Records a failed attempt: tried again at `retryAt`, or given up on when there is none. */
export async function recordFailedAttempt(
  db: Db,
  mail: ClaimedMail,
  error: string,
  retryAt: Date | undefined,
): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely
    .updateTable('mail_outbox')
    .set({
      attempts: mail.attempts + 1,
      last_error: error.slice(0, 500),
      lease_token: null,
      leased_until: null,
      ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : { failed_at: now, message: null }),
    })
    .where('id', '=', mail.id)
    .where('lease_token', '=', mail.leaseToken)
    .execute();
}
