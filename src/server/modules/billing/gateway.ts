import type { Plan, PlanId } from '../../../shared/plans.js';
import type { SubscriptionStatus } from '../../../shared/billing.js';
import type { BillingProvider } from '../../db/tables/billing.js';

/** A subscription as its provider holds it now: the only state billing acts on. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** From the price's lookup key; undefined for a price that is not in our catalogue. */
  planId: PlanId | undefined;
  status: SubscriptionStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
}

/** A checkout session as its provider holds it now. */
export interface ProviderCheckout {
  id: string;
  customerId: string | null;
  clientReferenceId: string | null;
  /** Paid (or nothing to pay, in a trial) and the subscription made. */
  complete: boolean;
  subscriptionId: string | null;
}

/**
 * What billing needs from a payment provider: Stripe, or the demo checkout that stands in for
 * it when no keys are set. Reads return undefined for ids the provider does not know.
 */
export interface BillingGateway {
  provider: BillingProvider;
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  createCheckout(input: {
    userId: string;
    customerId: string;
    plan: Plan;
    trialDays: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<ProviderCheckout | undefined>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>;
  /** Ends a subscription now, without a refund to make (a second one caught at payment). */
  cancelSubscription(id: string): Promise<ProviderSubscription | undefined>;
  /** Expires the customer's checkout sessions still open, but `except`: they can no longer be paid. */
  expireOpenCheckouts(input: { customerId: string; except?: string }): Promise<void>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
}

/** Seconds since the epoch (the provider's times) as an ISO string. */
export function isoFromSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
