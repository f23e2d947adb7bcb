import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/** Conversations, their messages, and each person's acknowledgment of the assistant notice. */
export function chatMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('conversations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('conversations_user_updated_idx')
        .on('conversations')
        .columns(['user_id', 'updated_at', 'id'])
        .execute();

      await db.schema
        .createTable('chat_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('conversation_id', 'text', (c) =>
          c.notNull().references('conversations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('user', 'assistant')`))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('complete', 'stopped', 'error')`),
        )
        .addColumn('charged', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('sources', 'text', (c) => c.notNull())
        .addColumn('feedback', 'text', (c) => c.check(sql`feedback in ('up', 'down')`))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chat_messages_conversation_idx')
        .on('chat_messages')
        .columns(['conversation_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('chat_notice_acknowledgments')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('acknowledged_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('chat_notice_acknowledgments').execute();
      await db.schema.dropTable('chat_messages').execute();
      await db.schema.dropTable('conversations').execute();
    },
  };
}
