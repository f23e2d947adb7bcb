import type { SubscriptionStatus } from '../../../shared/billing.js';
import { findPlan, type Plan, type PlanTier } from '../../../shared/plans.js';
import { inTransaction, type UnitOfWork } from '../../db/database.js';
import { isRetryableConflict } from '../../db/errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import type { TokensService } from '../tokens/service.js';
import type { BillingGateway, ProviderSubscription } from './gateway.js';
import {
  eventRecorded,
  findCustomerById,
  findSubscription,
  hadTrialElsewhere,
  wasSecondSubscription,
  liveStatuses,
  liveSubscriptionOf,
  lockCustomer,
  markTrialUsed,
  plansGrantedInPeriod,
  recordEvent,
  recordGrant,
  upsertSubscription,
  type Executor,
} from './repository.js';

const tierRank: Record<PlanTier, number> = { free: 0, standard: 1, premium: 2 };
/** Statuses in which the plan's allowance is granted for the period. */
export const grantingStatuses: readonly SubscriptionStatus[] = ['trialing', 'active'];
/** Statuses after which the person is back on Free. */
const endedStatuses: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'incomplete_expired'];

/** The ledger reference of a period's grant: one per subscription, period start and plan. */
export function periodGrantPrefix(subscriptionId: string, periodStart: string): string {
  return `sub:${subscriptionId}:${periodStart}:`;
}

/**
 * A subscription as its provider holds it now, applied: whichever path learnt of it (a webhook,
 * a confirmed checkout, an overview whose period ended) and in whatever order. Every allowance
 * grant is keyed by (subscription, period, plan) in the ledger, so no path grants twice.
 */
export function createSubscriptions(
  { db, log }: Pick<ModuleDeps, 'db' | 'log'>,
  { tokens, gateway }: { tokens: TokensService; gateway: BillingGateway },
) {
  const kysely = db.kysely;

  /**
   * A subscription that would be the person's second: another of theirs stands, or it brings a
   * trial after another had one. Checkouts opened before the first was paid (tabs, a back button)
   * can each be paid; the first applied stands, any later one is ended at once, never granted.
   */
  async function isSecondSubscription(
    trx: Executor,
    userId: string,
    state: ProviderSubscription,
  ): Promise<boolean> {
    if (!(liveStatuses as readonly string[]).includes(state.status)) return false;
    const stored = await findSubscription(trx, state.id);
    // Already standing as ours: it is the first, however often it is applied again.
    if (stored && (liveStatuses as readonly string[]).includes(stored.status)) return false;
    if (await liveSubscriptionOf(trx, userId, state.id)) return true;
    return state.trialEnd !== null && !stored && (await hadTrialElsewhere(trx, userId, state.id));
  }

  /** Grants the period's allowance unless this period already has the same or a higher tier. */
  async function grantPeriod(
    work: UnitOfWork,
    userId: string,
    state: ProviderSubscription,
    plan: Plan,
  ) {
    const trx = work.kysely;
    const granted = await plansGrantedInPeriod(trx, state.id, state.currentPeriodStart);
    const higherOrSame = granted.some((planId) => {
      const earlier = findPlan(planId);
      return earlier !== undefined && tierRank[earlier.tier] >= tierRank[plan.tier];
    });
    if (higherOrSame) return;
    const now = new Date().toISOString();
    await recordGrant(trx, {
      subscriptionId: state.id,
      periodStart: state.currentPeriodStart,
      planId: plan.id,
      userId,
      now,
    });
    await tokens.grantAllowance({
      userId,
      planId: plan.id,
      reference: `${periodGrantPrefix(state.id, state.currentPeriodStart)}${plan.id}`,
      // A monthly plan's allowance lasts its billing period; a yearly plan's renews monthly.
      ...(plan.interval === 'month'
        ? {
            window: { start: state.currentPeriodStart, end: state.currentPeriodEnd },
            windowKind: 'period' as const,
          }
        : {}),
      work,
    });
  }

  /**
   * Applies a subscription as its provider holds it now: stores it, marks the trial used, and
   * grants the period's allowance (an upgrade at once; a downgrade waits for the next period) or
   * returns the person to Free when it has ended. With an event, the event is recorded in the
   * same transaction, and an event recorded before changes nothing. A second subscription is
   * ended at the provider first, then applied as ended (so its event is recorded only once the
   * provider has ended it).
   */
  async function applySubscription(
    state: ProviderSubscription,
    event?: { id: string; type: string },
  ): Promise<void> {
    const customer = await findCustomerById(kysely, state.customerId);
    if (!customer) {
      // Not one of our customers (made by hand in the dashboard, or another site's).
      log.warn({ subscription: state.id, customer: state.customerId }, 'billing: unknown customer');
      if (event) await recordEvent(kysely, { ...event, now: new Date().toISOString() });
      return;
    }
    const userId = customer.user_id;
    let outcome: 'seen' | 'second' | 'started' | 'applied';
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await inTransaction(db, async (work) => {
          const trx = work.kysely;
          const now = new Date().toISOString();
          if (event && (await eventRecorded(trx, event.id))) return 'seen';
          await lockCustomer(trx, userId);
          if (await isSecondSubscription(trx, userId, state)) return 'second';
          if (event && !(await recordEvent(trx, { ...event, now }))) return 'seen';
          const started = !(await findSubscription(trx, state.id));
          await upsertSubscription(trx, { userId, provider: gateway.provider, state, now });
          if (state.trialEnd) await markTrialUsed(trx, userId, now);
          const plan = state.planId ? findPlan(state.planId) : undefined;
          if (plan && grantingStatuses.includes(state.status)) {
            await grantPeriod(work, userId, state, plan);
          } else if (endedStatuses.includes(state.status)) {
            // Back to Free once, unless another subscription stands, or this was a second one
            // (never granted, beside one that was).
            if (await liveSubscriptionOf(trx, userId, state.id)) return 'applied';
            if (await wasSecondSubscription(trx, userId, state.id)) return 'applied';
            await tokens.grantAllowance({
              userId,
              planId: 'free-month',
              reference: `sub:${state.id}:ended`,
              work,
            });
          }
          // past_due, incomplete, paused: the plan stands while the provider retries the payment.
          return started && grantingStatuses.includes(state.status) ? 'started' : 'applied';
        });
        break;
      } catch (error) {
        // Two deliveries of one change racing on PostgreSQL: one wins, the other runs again.
        if (attempt >= 3 || !isRetryableConflict(error)) throw error;
      }
    }
    if (outcome === 'second') {
      log.warn({ userId, subscription: state.id }, 'billing: a second subscription, ended at once');
      const ended = await gateway.cancelSubscription(state.id);
      if (ended && !(liveStatuses as readonly string[]).includes(ended.status)) {
        await applySubscription(ended, event);
      }
    } else if (outcome === 'started') {
      // Paid: checkouts opened beside this one can no longer be paid (a late one that still
      // is, is ended above).
      await gateway
        .expireOpenCheckouts({ customerId: customer.customer_id })
        .catch((error: unknown) =>
          log.warn({ err: error, userId }, 'billing: open checkouts not expired'),
        );
    }
  }

  async function refresh(subscriptionId: string, event?: { id: string; type: string }) {
    const state = await gateway.retrieveSubscription(subscriptionId);
    if (state) await applySubscription(state, event);
    else if (event) await recordEvent(kysely, { ...event, now: new Date().toISOString() });
    return state;
  }

  return { applySubscription, refresh };
}
