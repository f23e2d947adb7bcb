import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/** An admin may disable an account (decision 0133): set while it is disabled. */
export function userDisabledMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('disabled_at', t.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('disabled_at').execute();
    },
  };
}
