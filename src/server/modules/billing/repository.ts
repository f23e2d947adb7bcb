import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  BillingCustomersTable,
  BillingProvider,
  Database,
  SubscriptionsTable,
} from '../../db/types.js';
import type { ProviderSubscription } from './gateway.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type BillingCustomerRow = Selectable<BillingCustomersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** Statuses in which a subscription still stands: a second one must not be sold. */
export const liveStatuses = ['trialing', 'active', 'past_due', 'unpaid', 'paused'] as const;

export function findCustomerByUser(db: Executor, userId: string) {
  return db
    .selectFrom('billing_customers')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findCustomerById(db: Executor, customerId: string) {
  return db
    .selectFrom('billing_customers')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/** Stores the person's customer unless one is stored already; returns the one that stands. */
export async function saveCustomer(
  db: Executor,
  row: { userId: string; provider: BillingProvider; customerId: string; now: string },
): Promise<BillingCustomerRow> {
  await db
    .insertInto('billing_customers')
    .values({
      user_id: row.userId,
      provider: row.provider,
      customer_id: row.customerId,
      trial_used_at: null,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await findCustomerByUser(db, row.userId))!;
}

export async function markTrialUsed(db: Executor, userId: string, now: string): Promise<void> {
  await db
    .updateTable('billing_customers')
    .set({ trial_used_at: now })
    .where('user_id', '=', userId)
    .where('trial_used_at', 'is', null)
    .execute();
}

/** The person's newest subscription, whatever its status. */
export function latestSubscription(db: Executor, userId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

export function liveSubscriptionOf(db: Executor, userId: string, except?: string) {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', liveStatuses);
  if (except) query = query.where('id', '<>', except);
  return query.orderBy('updated_at', 'desc').executeTakeFirst();
}

export async function hasAnySubscription(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the subscription as the provider holds it now. */
export async function upsertSubscription(
  db: Executor,
  row: { userId: string; provider: BillingProvider; state: ProviderSubscription; now: string },
): Promise<void> {
  const { state } = row;
  const values = {
    user_id: row.userId,
    provider: row.provider,
    customer_id: state.customerId,
    plan_id: state.planId ?? 'unknown',
    status: state.status,
    current_period_start: state.currentPeriodStart,
    current_period_end: state.currentPeriodEnd,
    trial_end: state.trialEnd,
    cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
    ended_at: state.endedAt,
    updated_at: row.now,
  };
  await db
    .insertInto('subscriptions')
    .values({ id: state.id, created_at: row.now, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** Records a provider event as applied; false when it was applied before. */
export async function recordEvent(
  db: Executor,
  event: { id: string; type: string; now: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('webhook_events')
    .values({ id: event.id, type: event.type, processed_at: event.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function eventRecorded(db: Executor, id: string): Promise<boolean> {
  return db
    .selectFrom('webhook_events')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}
