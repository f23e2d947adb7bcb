import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DemoSubscriptionsTable } from '../../db/tables/billing.js';
import type { Database } from '../../db/types.js';
import { findPlan, type PlanId } from '../../../shared/plans.js';
import type { BillingGateway, ProviderSubscription } from './gateway.js';

type DemoSubscriptionRow = Selectable<DemoSubscriptionsTable>;

/** Unguessable ids: a demo checkout or portal link is its own key, as Stripe's hosted pages are. */
const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

/** One billing interval (or trial) on from `start`, in UTC. */
export function addInterval(start: Date, interval: 'month' | 'year' | number): Date {
  const next = new Date(start);
  if (typeof interval === 'number') next.setUTCDate(next.getUTCDate() + interval);
  else if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

function toProvider(row: DemoSubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customer_id,
    planId: findPlan(row.plan_id)?.id as PlanId | undefined,
    status: row.status,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.trial_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    endedAt: row.ended_at,
  };
}

/**
 * The demo checkout: a stand-in for Stripe kept in our own database, used when no Stripe keys
 * are set. Its pages (demo-pages.ts) play Stripe's hosted checkout and portal; paying or
 * cancelling there changes a demo subscription, which billing then reads back exactly as it
 * reads Stripe's after a verified webhook. No card is asked for and nothing is charged.
 */
export function createDemoGateway(db: Kysely<Database>, publicUrl: string) {
  /** Periods pass as time does: a renewal when a period ends, or the end if it was cancelled. */
  async function advance(row: DemoSubscriptionRow, now: Date): Promise<DemoSubscriptionRow> {
    let current = row;
    const plan = findPlan(row.plan_id);
    while (
      plan &&
      (current.status === 'trialing' || current.status === 'active') &&
      new Date(current.current_period_end) <= now
    ) {
      const end = new Date(current.current_period_end);
      current = current.cancel_at_period_end
        ? { ...current, status: 'canceled', ended_at: end.toISOString() }
        : {
            ...current,
            status: 'active',
            current_period_start: end.toISOString(),
            current_period_end: addInterval(end, plan.interval).toISOString(),
          };
    }
    if (current !== row) {
      await db
        .updateTable('demo_subscriptions')
        .set({
          status: current.status,
          current_period_start: current.current_period_start,
          current_period_end: current.current_period_end,
          ended_at: current.ended_at,
        })
        .where('id', '=', row.id)
        .execute();
    }
    return current;
  }

  const gateway: BillingGateway = {
    provider: 'demo',

    async createCustomer() {
      return newId('demo_cus');
    },

    async createCheckout({ userId, customerId, plan, trialDays }) {
      const id = newId('demo_cs');
      await db
        .insertInto('demo_checkout_sessions')
        .values({
          id,
          user_id: userId,
          customer_id: customerId,
          plan_id: plan.id,
          trial_days: trialDays,
          status: 'open',
          subscription_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      return { id, url: `${publicUrl}/billing/demo/checkout/${id}` };
    },

    async retrieveCheckout(id) {
      const row = await db
        .selectFrom('demo_checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        customerId: row.customer_id,
        clientReferenceId: row.user_id,
        complete: row.status === 'complete',
        subscriptionId: row.subscription_id,
      };
    },

    async retrieveSubscription(id) {
      const row = await db
        .selectFrom('demo_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toProvider(await advance(row, new Date())) : undefined;
    },

    async cancelSubscription(id) {
      const now = new Date().toISOString();
      await db
        .updateTable('demo_subscriptions')
        .set({ status: 'canceled', ended_at: now, cancel_at_period_end: 0 })
        .where('id', '=', id)
        .where('status', '<>', 'canceled')
        .execute();
      return gateway.retrieveSubscription(id);
    },

    async expireOpenCheckouts({ customerId, except }) {
      let query = db
        .updateTable('demo_checkout_sessions')
        .set({ status: 'expired' })
        .where('customer_id', '=', customerId)
        .where('status', '=', 'open');
      if (except) query = query.where('id', '<>', except);
      await query.execute();
    },

    async createPortal({ customerId }) {
      return `${publicUrl}/billing/demo/portal/${customerId}`;
    },
  };

  return {
    gateway,

    /** The open checkout session with this id, for its page. */
    findSession(id: string) {
      return db
        .selectFrom('demo_checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * "Pay" on the demo checkout: the subscription starts (in its trial when one was offered)
     * and the session completes, once; a second press finds it complete and changes nothing.
     */
    async pay(sessionId: string, now = new Date()): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const session = await trx
          .selectFrom('demo_checkout_sessions')
          .selectAll()
          .where('id', '=', sessionId)
          .executeTakeFirst();
        const plan = session && findPlan(session.plan_id);
        if (!session || !plan) return undefined;
        // Complete: the same subscription again. Expired (a newer checkout replaced it): none.
        if (session.status !== 'open') return session.subscription_id ?? undefined;
        const id = newId('demo_sub');
        const trialEnd = session.trial_days > 0 ? addInterval(now, session.trial_days) : null;
        const claimed = await trx
          .updateTable('demo_checkout_sessions')
          .set({ status: 'complete', subscription_id: id })
          .where('id', '=', sessionId)
          .where('status', '=', 'open')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return undefined;
        await trx
          .insertInto('demo_subscriptions')
          .values({
            id,
            user_id: session.user_id,
            customer_id: session.customer_id,
            plan_id: plan.id,
            status: trialEnd ? 'trialing' : 'active',
            current_period_start: now.toISOString(),
            current_period_end: (trialEnd ?? addInterval(now, plan.interval)).toISOString(),
            trial_end: trialEnd?.toISOString() ?? null,
            cancel_at_period_end: 0,
            ended_at: null,
            created_at: now.toISOString(),
          })
          .execute();
        return id;
      });
    },

    /** The customer's standing demo subscription, for the demo portal. */
    async subscriptionOf(customerId: string) {
      const row = await db
        .selectFrom('demo_subscriptions')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row ? toProvider(await advance(row, new Date())) : undefined;
    },

    /** "Cancel plan" in the demo portal: it ends with the current period. */
    async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
      await db
        .updateTable('demo_subscriptions')
        .set({ cancel_at_period_end: 1 })
        .where('id', '=', subscriptionId)
        .execute();
    },
  };
}

export type DemoCheckout = ReturnType<typeof createDemoGateway>;
