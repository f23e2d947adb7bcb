import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { lookupKeyFor, planIdForLookupKey } from '../../../shared/stripe-lookup-keys.js';
import type { SubscriptionStatus } from '../../../shared/billing.js';
import type { PlanId } from '../../../shared/plans.js';
import { AppError } from '../../errors.js';
import { billingMessages } from '../../../shared/billing-messages.js';
import {
  isoFromSeconds,
  type BillingGateway,
  type ProviderCheckout,
  type ProviderSubscription,
} from './gateway.js';

export interface StripeSettings {
  secretKey: string;
  /** A local Stripe-compatible server in tests; Stripe's own API otherwise. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** The SDK, loaded only when Stripe is configured: the embedded default never needs it. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const StripeClient = createRequire(import.meta.url)('stripe') as typeof Stripe;
  return new StripeClient(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.api ?? {}),
  });
}

/** Stripe could not be reached or refused us: the person may try again; the log has the cause. */
const unavailable = (cause: unknown) =>
  Object.assign(new AppError(503, 'billing.unavailable', billingMessages.unavailable), { cause });

/** Stripe's "no such object": the id is not one of this account's. */
function isMissing(error: unknown): boolean {
  const e = error as { type?: string; code?: string; statusCode?: number } | null;
  return e?.statusCode === 404 || e?.code === 'resource_missing';
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Our view of a Stripe subscription (API 2026-10-28: periods live on the items). */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const lookupKey = item?.price.lookup_key ?? null;
  const planId: PlanId | undefined = lookupKey ? planIdForLookupKey(lookupKey) : undefined;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    planId,
    status: subscription.status as SubscriptionStatus,
    currentPeriodStart: isoFromSeconds(item?.current_period_start ?? subscription.start_date),
    currentPeriodEnd: isoFromSeconds(item?.current_period_end ?? subscription.start_date),
    trialEnd: subscription.trial_end ? isoFromSeconds(subscription.trial_end) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: subscription.ended_at ? isoFromSeconds(subscription.ended_at) : null,
  };
}

/** Billing through Stripe: Checkout in subscription mode, the Customer Portal, re-reads by id. */
export function createStripeGateway(stripe: Stripe): BillingGateway {
  const priceIds = new Map<string, string>();

  /** The catalogue plan's price, by the lookup key `npm run stripe:sync` gave it. */
  async function priceIdFor(planId: PlanId): Promise<string> {
    const key = lookupKeyFor(planId);
    const known = priceIds.get(key);
    if (known) return known;
    const prices = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) {
      throw unavailable(
        new Error(`no active Stripe price with lookup key ${key}: run stripe:sync`),
      );
    }
    priceIds.set(key, price.id);
    return price.id;
  }

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unavailable(error);
    }
  }

  async function read<T>(run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw unavailable(error);
    }
  }

  return {
    provider: 'stripe',

    createCustomer: ({ userId, email }) =>
      call(async () => {
        const customer = await stripe.customers.create(
          { email, metadata: { userId } },
          // A retried or concurrent first checkout makes one customer, not two.
          { idempotencyKey: `customer-${userId}` },
        );
        return customer.id;
      }),

    createCheckout: ({ userId, customerId, plan, trialDays, successUrl, cancelUrl }) =>
      call(async () => {
        const price = await priceIdFor(plan.id);
        // A price replaced by stripe:sync since it was cached is refused: read it again next time.
        const forgetPrice = (error: unknown) => {
          priceIds.delete(lookupKeyFor(plan.id));
          throw error;
        };
        const session = await stripe.checkout.sessions
          .create({
            mode: 'subscription',
            customer: customerId,
            client_reference_id: userId,
            line_items: [{ price, quantity: 1 }],
            subscription_data: {
              ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
              metadata: { userId, planId: plan.id },
            },
            metadata: { userId, planId: plan.id },
            success_url: successUrl,
            cancel_url: cancelUrl,
          })
          .catch(forgetPrice);
        if (!session.url) throw new Error('Stripe returned a checkout session without a url');
        return { id: session.id, url: session.url };
      }),

    retrieveCheckout: (id) =>
      read(async (): Promise<ProviderCheckout> => {
        const session = await stripe.checkout.sessions.retrieve(id);
        return {
          id: session.id,
          customerId: idOf(session.customer),
          clientReferenceId: session.client_reference_id,
          complete:
            session.status === 'complete' &&
            (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
          subscriptionId: idOf(session.subscription),
        };
      }),

    retrieveSubscription: (id) =>
      read(async () => toProviderSubscription(await stripe.subscriptions.retrieve(id))),

    cancelSubscription: (id) =>
      read(async () => {
        try {
          return toProviderSubscription(await stripe.subscriptions.cancel(id));
        } catch (error) {
          // Already cancelled (a redelivered event): read it as it stands.
          const current = await stripe.subscriptions.retrieve(id);
          if (current.status === 'canceled') return toProviderSubscription(current);
          throw error;
        }
      }),

    expireOpenCheckouts: ({ customerId, except }) =>
      call(async () => {
        for await (const session of stripe.checkout.sessions.list({
          customer: customerId,
          status: 'open',
          limit: 100,
        })) {
          if (session.id === except) continue;
          // Paid or expired meanwhile: nothing left to expire.
          await stripe.checkout.sessions.expire(session.id).catch(() => undefined);
        }
      }),

    createPortal: ({ customerId, returnUrl }) =>
      call(async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return session.url;
      }),
  };
}
