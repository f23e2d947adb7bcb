import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/**
 * Token accounts (the balance, a projection of the ledger), the append-only ledger, and
 * reservations: tokens held while a reply is written, settled or released afterwards.
 */
export function tokensMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('token_accounts')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('balance', t.bigint, (c) => c.notNull().check(sql`balance >= 0`))
        .addColumn('window_kind', 'text', (c) =>
          // day and month renew by themselves; period (a paid monthly plan's billing period)
          // only when billing grants the next one.
          c.notNull().check(sql`window_kind in ('day', 'month', 'period')`),
        )
        .addColumn('window_allowance', t.bigint, (c) => c.notNull())
        .addColumn('window_start', t.timestamp, (c) => c.notNull())
        .addColumn('window_end', t.timestamp, (c) => c.notNull())
        .addColumn('open_streams', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`open_streams >= 0`),
        )
        // Written by the reserving update and read back through RETURNING in the same statement.
        .addColumn('last_reserved', t.bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('last_expired', t.bigint)
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('token_ledger')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('delta', t.bigint, (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('grant', 'expire', 'hold', 'release', 'charge')`),
        )
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('balance_after', t.bigint, (c) => c.notNull().check(sql`balance_after >= 0`))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('token_ledger_user_created_idx')
        .on('token_ledger')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('token_reservations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount', t.bigint, (c) => c.notNull().check(sql`amount >= 0`))
        /** The allowance window the tokens came from: unused tokens return only to it. */
        .addColumn('window_start', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('settled_at', t.timestamp)
        .addColumn('charged', t.bigint)
        .execute();
      await db.schema
        .createIndex('token_reservations_open_idx')
        .on('token_reservations')
        .columns(['settled_at', 'expires_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('token_reservations').execute();
      await db.schema.dropTable('token_ledger').execute();
      await db.schema.dropTable('token_accounts').execute();
    },
  };
}
