import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  BillingCustomersTable,
  BillingProvider,
  SubscriptionsTable,
} from '../../db/tables/billing.js';
import type { Database } from '../../db/types.js';
import type { ProviderSubscription } from './gateway.js';

export type Executor = Kysely<Database> | Transaction<Database>;
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

/**
 * Holds the person's customer row until the transaction ends: billing's decisions for one person
 * (is this a second subscription? is its period granted?) are made one at a time, on every
 * instance. A no-op update, since SQLite has no `for update` (and serialises writers anyway).
 */
export async function lockCustomer(trx: Executor, userId: string): Promise<void> {
  await trx
    .updateTable('billing_customers')
    .set((eb) => ({ customer_id: eb.ref('customer_id') }))
    .where('user_id', '=', userId)
    .execute();
}

export function findSubscription(db: Executor, id: string) {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether another of the person's subscriptions ever had a trial. */
export async function hadTrialElsewhere(
  db: Executor,
  userId: string,
  subscriptionId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '<>', subscriptionId)
    .where('trial_end', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The plans granted for one subscription's period. */
export async function plansGrantedInPeriod(
  db: Executor,
  subscriptionId: string,
  periodStart: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('billing_grants')
    .select('plan_id')
    .where('subscription_id', '=', subscriptionId)
    .where('period_start', '=', periodStart)
    .execute();
  return rows.map((row) => row.plan_id);
}

/** A subscription never granted, while another of the person's was: a second one, ended. */
export async function wasSecondSubscription(
  db: Executor,
  userId: string,
  subscriptionId: string,
): Promise<boolean> {
  const grants = await db
    .selectFrom('billing_grants')
    .select('subscription_id')
    .where('user_id', '=', userId)
    .execute();
  return grants.length > 0 && !grants.some((grant) => grant.subscription_id === subscriptionId);
}

/** Records a grant; a second record of the same one fails the key (the caller's retry). */
export async function recordGrant(
  db: Executor,
  grant: {
    subscriptionId: string;
    periodStart: string;
    planId: string;
    userId: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('billing_grants')
    .values({
      subscription_id: grant.subscriptionId,
      period_start: grant.periodStart,
      plan_id: grant.planId,
      user_id: grant.userId,
      created_at: grant.now,
    })
    .execute();
}

/** What billing holds about a person, for "download my data". */
export async function billingRecordsOf(db: Executor, userId: string) {
  const customer = await findCustomerByUser(db, userId);
  const subscriptions = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .execute();
  const grants = await db
    .selectFrom('billing_grants')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .execute();
  return { customer, subscriptions, grants };
}
