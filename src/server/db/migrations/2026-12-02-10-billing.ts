import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { DatabaseKind } from '../database.js';

/**
 * Billing: each person's payment-provider customer (made once, never looked up by email), their
 * subscriptions as last read from the provider, the provider's events already applied, and the
 * demo checkout's own sessions and subscriptions (the stand-in for Stripe when none is set).
 */
export function billingMigration(kind: DatabaseKind) {
  const t = columnTypes(kind);
  const statuses = sql`status in ('trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused')`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_customers')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (c) =>
          c.notNull().check(sql`provider in ('stripe', 'demo')`),
        )
        .addColumn('customer_id', 'text', (c) => c.notNull().unique())
        .addColumn('trial_used_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) =>
          c.notNull().check(sql`provider in ('stripe', 'demo')`),
        )
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(statuses))
        .addColumn('current_period_start', t.timestamp, (c) => c.notNull())
        .addColumn('current_period_end', t.timestamp, (c) => c.notNull())
        .addColumn('trial_end', t.timestamp)
        .addColumn('cancel_at_period_end', 'integer', (c) =>
          c.notNull().check(sql`cancel_at_period_end in (0, 1)`),
        )
        .addColumn('ended_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('subscriptions_user_idx')
        .on('subscriptions')
        .columns(['user_id', 'updated_at'])
        .execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('processed_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('demo_checkout_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('trial_days', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('open', 'complete', 'expired')`),
        )
        .addColumn('subscription_id', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('demo_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(statuses))
        .addColumn('current_period_start', t.timestamp, (c) => c.notNull())
        .addColumn('current_period_end', t.timestamp, (c) => c.notNull())
        .addColumn('trial_end', t.timestamp)
        .addColumn('cancel_at_period_end', 'integer', (c) =>
          c.notNull().check(sql`cancel_at_period_end in (0, 1)`),
        )
        .addColumn('ended_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
  };
}
