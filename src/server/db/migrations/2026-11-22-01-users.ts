import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

export function usersMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('email_verified_at', t.timestamp)
        .addColumn('password_hash', 'text')
        .addColumn('given_name', 'text')
        .addColumn('family_name', 'text')
        .addColumn('picture_url', 'text')
        .addColumn('jurisdiction_country', 'text')
        .addColumn('jurisdiction_region', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('users').execute();
    },
  };
}
