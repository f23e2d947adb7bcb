import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/** A grant's ledger reference as billing wrote it: `sub:<subscription>:<period start>:<plan>`. */
const grantReference = /^sub:([^:]+):(.+):([a-z]+-(?:month|year))$/;

/**
 * Billing's own record of the allowances it granted: one row per subscription, period and plan
 * (decision 0101). Until now billing found them by reading the token ledger's references; the
 * grants made so far are copied from there once, so no period is granted again.
 */
export function billingGrantsMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_grants')
        .addColumn('subscription_id', 'text', (c) => c.notNull())
        .addColumn('period_start', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('billing_grants_pk', [
          'subscription_id',
          'period_start',
          'plan_id',
        ])
        .execute();
      await db.schema
        .createIndex('billing_grants_user_idx')
        .on('billing_grants')
        .column('user_id')
        .execute();

      const made = await sql<{ reference: string; user_id: string; created_at: string | Date }>`
        select reference, user_id, created_at from token_ledger
        where kind = 'grant' and reference like 'sub:%'`.execute(db);
      for (const row of made.rows) {
        const match = grantReference.exec(row.reference);
        if (!match) continue; // `sub:<id>:ended`: a return to Free, not a plan's grant
        const createdAt =
          row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at;
        await sql`
          insert into billing_grants (subscription_id, period_start, plan_id, user_id, created_at)
          values (${match[1]}, ${match[2]}, ${match[3]}, ${row.user_id}, ${createdAt})
          on conflict do nothing`.execute(db);
      }
    },
  };
}
