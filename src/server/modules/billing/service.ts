import type Stripe from 'stripe';
import {
  billingMessages,
  type BillingOverview,
  type ConfirmResponse,
  type SubscriptionStatus,
} from '../../../shared/billing.js';
import { findPlan, isPaidPlan, type Plan, type PlanTier } from '../../../shared/plans.js';
import { inTransaction, type UnitOfWork } from '../../db/database.js';
import { isRetryableConflict } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import type { TokensService } from '../tokens/service.js';
import type { BillingGateway, ProviderSubscription } from './gateway.js';
import {
  billingRecordsOf,
  eventRecorded,
  findCustomerById,
  findCustomerByUser,
  findSubscription,
  hadTrialElsewhere,
  hasAnySubscription,
  wasSecondSubscription,
  latestSubscription,
  liveStatuses,
  liveSubscriptionOf,
  lockCustomer,
  markTrialUsed,
  plansGrantedInPeriod,
  recordEvent,
  recordGrant,
  saveCustomer,
  upsertSubscription,
  type BillingCustomerRow,
  type Executor,
  type SubscriptionRow,
} from './repository.js';

export type BillingDeps = Pick<ModuleDeps, 'config' | 'db' | 'log'>;
export type BillingService = ReturnType<typeof createBillingService>;

/** Stripe's events older than this are refused as replays (its SDK's default, five minutes). */
export const webhookToleranceSeconds = 300;

const tierRank: Record<PlanTier, number> = { free: 0, standard: 1, premium: 2 };
/** Statuses in which the plan's allowance is granted for the period. */
const grantingStatuses: readonly SubscriptionStatus[] = ['trialing', 'active'];
/** Statuses after which the person is back on Free. */
const endedStatuses: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'incomplete_expired'];

export const sessionNotFound = () =>
  new AppError(404, 'billing.session_not_found', billingMessages.sessionNotFound);

/** The trial is offered once per person: never after a trial, or any subscription, began. */
function trialOffered(customer: BillingCustomerRow | undefined, subscribed: boolean): boolean {
  return !customer?.trial_used_at && !subscribed;
}

/** The ledger reference of a period's grant: one per subscription, period start and plan. */
export function periodGrantPrefix(subscriptionId: string, periodStart: string): string {
  return `sub:${subscriptionId}:${periodStart}:`;
}

/**
 * Paid plans. The browser names a plan; the price comes from the catalogue; what was paid is
 * learnt from the provider only (a verified webhook, or re-reading a checkout session the person
 * came back from), and the provider's current state is what is applied, whatever order events
 * arrive in. Every allowance grant is keyed by (subscription, period, plan) in the ledger, so no
 * path (webhook, confirm, retry, replay, race) grants twice.
 */
export function createBillingService(
  { config, db, log }: BillingDeps,
  {
    tokens,
    gateway,
    stripe,
  }: { tokens: TokensService; gateway: BillingGateway; stripe?: Stripe | undefined },
) {
  const kysely = db.kysely;
  const publicUrl = config.site.publicUrl;
  const successUrl = `${publicUrl}/chatbot?checkout=success&session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${publicUrl}/pricing?checkout=cancelled`;

  /** The person's customer at the provider: the stored one, or a new one stored once. */
  async function customerFor(
    user: { id: string; email: string },
    existing: BillingCustomerRow | undefined,
  ): Promise<BillingCustomerRow> {
    if (existing) return existing;
    const customerId = await gateway.createCustomer({ userId: user.id, email: user.email });
    return saveCustomer(kysely, {
      userId: user.id,
      provider: gateway.provider,
      customerId,
      now: new Date().toISOString(),
    });
  }

  async function openPortal(customer: BillingCustomerRow | undefined, subscribed: boolean) {
    if (!customer || !subscribed) {
      throw new AppError(409, 'billing.no_subscription', billingMessages.noSubscription);
    }
    return gateway.createPortal({
      customerId: customer.customer_id,
      returnUrl: `${publicUrl}/account`,
    });
  }

  /**
   * A Checkout Session for a paid plan, priced from the catalogue. Someone whose subscription
   * still stands is sent to the portal instead, to switch plans there, never to a second one.
   */
  async function startCheckout(user: { id: string; email: string }, planId: string) {
    const plan = findPlan(planId);
    if (!plan || !isPaidPlan(plan)) {
      throw new AppError(400, 'request.invalid', 'Choose a paid plan.', { planId: 'is not valid' });
    }
    const stored = await findCustomerByUser(kysely, user.id);
    if (await liveSubscriptionOf(kysely, user.id)) return { url: await openPortal(stored, true) };
    const subscribedBefore = await hasAnySubscription(kysely, user.id);
    const customer = await customerFor(user, stored);
    // One checkout open at a time: a page opened earlier (another tab, a back button) expires.
    await gateway.expireOpenCheckouts({ customerId: customer.customer_id });
    const session = await gateway.createCheckout({
      userId: user.id,
      customerId: customer.customer_id,
      plan,
      trialDays: trialOffered(customer, subscribedBefore) ? plan.trialDays : 0,
      successUrl,
      cancelUrl,
    });
    return { url: session.url };
  }

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

  /**
   * The page the person came back to after paying asks this: the session is re-read from the
   * provider and applied, so the plan shows without waiting for the webhook. Only the person
   * the session was made for may confirm it; anyone else is told it does not exist.
   */
  async function confirm(userId: string, sessionId: string): Promise<ConfirmResponse> {
    const customer = await findCustomerByUser(kysely, userId);
    if (!customer) throw sessionNotFound();
    const session = await gateway.retrieveCheckout(sessionId);
    if (
      !session ||
      session.customerId !== customer.customer_id ||
      session.clientReferenceId !== userId
    ) {
      throw sessionNotFound();
    }
    let confirmed = false;
    if (session.complete && session.subscriptionId) {
      await refresh(session.subscriptionId);
      // As applied: a second subscription caught at payment was ended, not confirmed.
      const applied = await findSubscription(kysely, session.subscriptionId);
      confirmed = applied !== undefined && grantingStatuses.includes(applied.status);
    }
    const status = await tokens.getStatus(userId);
    return { confirmed, plan: status.plan };
  }

  /** A verified Stripe event: the objects it names are re-read and applied, once per event id. */
  async function handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    if (!stripe || config.billing.provider !== 'stripe') {
      throw new AppError(400, 'billing.webhook_invalid', billingMessages.webhookInvalid);
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        config.billing.webhookSecret,
        webhookToleranceSeconds,
      );
    } catch {
      throw new AppError(400, 'billing.webhook_invalid', billingMessages.webhookInvalid);
    }
    if (await eventRecorded(kysely, event.id)) return;
    const record = { id: event.id, type: event.type };
    const subscriptionId = subscriptionNamedBy(event);
    if (subscriptionId) await refresh(subscriptionId, record);
    else await recordEvent(kysely, { ...record, now: new Date().toISOString() });
  }

  /** What the account page shows; a period that has ended is read again first. */
  async function overview(userId: string): Promise<BillingOverview> {
    // The one that stands, else the newest (a second one ended at payment never hides the first).
    const shown = async () =>
      (await liveSubscriptionOf(kysely, userId)) ?? (await latestSubscription(kysely, userId));
    let subscription: SubscriptionRow | undefined = await shown();
    if (
      subscription &&
      (liveStatuses as readonly string[]).includes(subscription.status) &&
      subscription.current_period_end <= new Date().toISOString()
    ) {
      await refresh(subscription.id);
      subscription = await shown();
    }
    const status = await tokens.getStatus(userId);
    const plan = subscription ? findPlan(subscription.plan_id) : undefined;
    const renews =
      subscription !== undefined &&
      !subscription.cancel_at_period_end &&
      ['trialing', 'active', 'past_due'].includes(subscription.status);
    return {
      provider: gateway.provider,
      plan: status.plan,
      subscription:
        subscription && plan
          ? {
              planId: plan.id,
              planName: plan.name,
              status: subscription.status,
              renewsAt: renews ? subscription.current_period_end : null,
              amountCents: plan.priceCents,
              trialEndsAt: subscription.status === 'trialing' ? subscription.trial_end : null,
              cancelAtPeriodEnd: subscription.cancel_at_period_end === 1,
              currentPeriodEnd: subscription.current_period_end,
            }
          : null,
      trialAvailable: trialOffered(await findCustomerByUser(kysely, userId), !!subscription),
    };
  }

  /** The person's customer, subscriptions and grants, for "download my data". */
  async function exportFor(userId: string) {
    const { customer, subscriptions, grants } = await billingRecordsOf(kysely, userId);
    return {
      customer: customer
        ? {
            provider: customer.provider,
            customerId: customer.customer_id,
            trialUsedAt: customer.trial_used_at,
            createdAt: customer.created_at,
          }
        : null,
      subscriptions: subscriptions.map((row) => ({
        id: row.id,
        provider: row.provider,
        planId: row.plan_id,
        status: row.status,
        currentPeriodStart: row.current_period_start,
        currentPeriodEnd: row.current_period_end,
        trialEnd: row.trial_end,
        cancelAtPeriodEnd: row.cancel_at_period_end === 1,
        endedAt: row.ended_at,
        createdAt: row.created_at,
      })),
      grants: grants.map((row) => ({
        subscriptionId: row.subscription_id,
        periodStart: row.period_start,
        planId: row.plan_id,
        createdAt: row.created_at,
      })),
    };
  }

  return {
    exportFor,
    startCheckout,
    confirm,
    portal: async (userId: string) => ({
      url: await openPortal(
        await findCustomerByUser(kysely, userId),
        await hasAnySubscription(kysely, userId),
      ),
    }),
    handleWebhook,
    overview,
    applySubscription,
    refresh,
  };
}

/** The subscription an event is about, for the event types billing acts on. */
function subscriptionNamedBy(event: Stripe.Event): string | undefined {
  const idOf = (value: unknown) =>
    typeof value === 'string' ? value : (value as { id?: string } | null)?.id;
  switch (event.type) {
    case 'checkout.session.completed':
      return idOf(event.data.object.subscription);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return undefined;
  }
}
