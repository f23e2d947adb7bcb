import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  ip: string | null;
}

/** Stores a message and returns its id; pass the transaction's Db that also writes its mail. */
export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<string> {
  const id = randomUUID();
  await db.kysely
    .insertInto('contact_messages')
    .values({ id, ...message, created_at: new Date().toISOString() })
    .execute();
  return id;
}

/** Records that a mail about a message went out, so messages never forwarded can be found. */
export async function markContactMessage(
  db: Db,
  id: string,
  sent: 'forwarded_at' | 'acknowledged_at',
): Promise<void> {
  await db.kysely
    .updateTable('contact_messages')
    .set({ [sent]: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The newest messages, for the console. */
export function listContactMessages(db: Db, limit: number) {
  return db.kysely
    .selectFrom('contact_messages')
    .select([
      'id',
      'name',
      'email',
      'phone',
      'subject',
      'message',
      'created_at',
      'forwarded_at',
      'acknowledged_at',
    ])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
