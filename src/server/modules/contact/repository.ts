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

/** Stores a message and returns its id. */
export async function insertContactMessage(db: Db, message: NewContactMessage): Promise<string> {
  const id = randomUUID();
  await db.kysely
    .insertInto('contact_messages')
    .values({ id, ...message, created_at: new Date().toISOString() })
    .execute();
  return id;
}

/** Records which mails went out, so messages never forwarded can be found and sent again. */
export async function markContactMessage(
  db: Db,
  id: string,
  sent: { forwarded: boolean; acknowledged: boolean },
): Promise<void> {
  const now = new Date().toISOString();
  await db.kysely
    .updateTable('contact_messages')
    .set({
      forwarded_at: sent.forwarded ? now : null,
      acknowledged_at: sent.acknowledged ? now : null,
    })
    .where('id', '=', id)
    .execute();
}
