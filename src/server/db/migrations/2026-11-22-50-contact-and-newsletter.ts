import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/** Messages from the contact form, and newsletter subscribers (double opt-in). */
export function contactAndNewsletterMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('forwarded_at', t.timestamp)
        .addColumn('acknowledged_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('contact_messages_created_at')
        .on('contact_messages')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('newsletter_subscribers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
        )
        .addColumn('confirm_token_hash', 'text', (c) => c.unique())
        .addColumn('confirm_expires_at', t.timestamp)
        .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('confirmed_at', t.timestamp)
        .addColumn('unsubscribed_at', t.timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('newsletter_subscribers').execute();
      await db.schema.dropTable('contact_messages').execute();
    },
  };
}
