import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/**
 * Outgoing mail, written in the same transaction as what caused it and sent from here
 * (docs/decisions/0065-mail-outbox.md). A row is deleted once its mail is sent.
 */
export function mailOutboxMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // The message as JSON; cleared when the mail is given up on (it may hold a link).
        .addColumn('message', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
        .addColumn('lease_token', 'text')
        .addColumn('leased_until', t.timestamp)
        .addColumn('failed_at', t.timestamp)
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_due_idx')
        .on('mail_outbox')
        .columns(['failed_at', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_outbox').execute();
    },
  };
}
