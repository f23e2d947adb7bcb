import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/**
 * Links between a user and an account at a social sign-in provider (Google, Facebook).
 * `subject` is the provider's stable id for the person (OpenID `sub`, Facebook's user id);
 * `email` is what the provider reported at the first sign-in, kept for support only.
 */
export function oauthAccountsMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oauth_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('oauth_accounts_provider_subject_key', ['provider', 'subject'])
        .execute();
      await db.schema
        .createIndex('oauth_accounts_user_idx')
        .on('oauth_accounts')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('oauth_accounts').execute();
    },
  };
}
