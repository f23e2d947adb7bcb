import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/**
 * Refresh tokens (one row per issued token; a family is one sign-in, rotated on each use) and
 * one-time email tokens (verify email, reset password). Only SHA-256 hashes of tokens are stored.
 */
export function authTokensMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('revoked_at', t.timestamp)
        .addColumn('replaced_by', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_family_idx')
        .on('refresh_tokens')
        .column('family_id')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_user_idx')
        .on('refresh_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('email_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'reset')`))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('email_tokens_user_idx')
        .on('email_tokens')
        .columns(['user_id', 'purpose'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_tokens').execute();
      await db.schema.dropTable('refresh_tokens').execute();
    },
  };
}
