import type Stripe from 'stripe';
import {
  billingMessages,
  type BillingOverview,
  type ConfirmResponse,
} from '../../../shared/billing.js';
import { findPlan, isPaidPlan } from '../../../shared/plans.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import type { TokensService } from '../tokens/service.js';
import type { BillingGateway } from './gateway.js';
import {
  billingRecordsOf,
  findCustomerByUser,
  findSubscription,
  hasAnySubscription,
  latestSubscription,
  liveStatuses,
  liveSubscriptionOf,
  saveCustomer,
  type BillingCustomerRow,
  type SubscriptionRow,
} from './repository.js';
import { createSubscriptions, grantingStatuses } from './subscriptions.js';
import { createWebhooks } from './webhook.js';

export type BillingDeps = Pick<ModuleDeps, 'config' | 'db' | 'log'>;
export type BillingService = ReturnType<typeof createBillingService>;

export const sessionNotFound = () =>
  new AppError(404, 'billing.session_not_found', billingMessages.sessionNotFound);

/** The trial is offered once per person: never after a trial, or any subscription, began. */
function trialOffered(customer: BillingCustomerRow | undefined, subscribed: boolean): boolean {
  return !customer?.trial_used_at && !subscribed;
}

/**
 * Paid plans. The browser names a plan; the price comes from the catalogue; what was paid is
 * learnt from the provider only (a verified webhook, or re-reading a checkout session the person
 * came back from), and the provider's current state is what is applied, whatever order events
 * arrive in (subscriptions.ts). Every allowance grant is keyed by (subscription, period, plan) in
 * the ledger, so no path (webhook, confirm, retry, replay, race) grants twice.
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
  const { applySubscription, refresh } = createSubscriptions({ db, log }, { tokens, gateway });
  const { handleWebhook } = createWebhooks({ config, db }, { stripe, refresh });

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
