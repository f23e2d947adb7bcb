// The Stripe objects the fake keeps, as API version 2026-10-28 shapes them (the fields the fake
// reads or changes; the rest are filled in as Stripe does), its errors, ids and clock.
import { createHmac, randomBytes } from 'node:crypto';

export const fakeApiVersion = '2026-10-28.endive';
export const fakeSecretKey = 'sk_test_fake_lexwise_0000000000000000';
export const defaultWebhookSecret = 'whsec_fake_lexwise_0000000000000000';

// ---------------------------------------------------------------------------------------------
// Object shapes (the fields the fake reads or changes; the rest are filled in as Stripe does)

export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  total_count?: number;
  url: string;
}

export interface CustomerObject {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  [field: string]: unknown;
}

export interface ProductObject {
  id: string;
  object: 'product';
  active: boolean;
  name: string;
  description: string | null;
  metadata: Metadata;
  updated: number;
  [field: string]: unknown;
}

export interface PriceObject {
  id: string;
  object: 'price';
  active: boolean;
  created: number;
  currency: string;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: Interval;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  } | null;
  type: 'recurring' | 'one_time';
  unit_amount: number;
  [field: string]: unknown;
}

export interface SubscriptionItemObject {
  id: string;
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  price: PriceObject;
  plan: Record<string, unknown>;
  quantity: number;
  subscription: string;
  [field: string]: unknown;
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled';

export interface SubscriptionObject {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  items: ListObject<SubscriptionItemObject>;
  metadata: Metadata;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  billing_cycle_anchor: number;
  latest_invoice: string | null;
  trial_start: number | null;
  trial_end: number | null;
  currency: string;
  [field: string]: unknown;
}

export interface InvoiceObject {
  id: string;
  object: 'invoice';
  status: 'open' | 'paid';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: null;
  };
  [field: string]: unknown;
}

export interface CheckoutSessionObject {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  invoice: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  metadata: Metadata;
  [field: string]: unknown;
}

export interface SessionExtras {
  lineItems: { price: string; quantity: number }[];
  trialDays: number | null;
  subscriptionMetadata: Metadata;
}

export interface PortalSessionObject {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  [field: string]: unknown;
}

/** One webhook event as sent: the exact body and signature, for redelivery in tests. */
export interface FakeEvent {
  id: string;
  type: string;
  created: number;
  /** The raw JSON body POSTed to the webhook endpoint. */
  body: string;
  /** The Stripe-Signature header sent with it (null when no secret was set). */
  signature: string | null;
  /** The parsed body. */
  payload: {
    id: string;
    type: string;
    data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  };
  /** Null when no webhook URL was set; status null with an error when delivery failed. */
  delivery: { url: string; status: number | null; error: string | null } | null;
}

export interface StripeFake {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  secretKey: string;
  readonly webhookSecret: string;
  /** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE for the app. */
  env(): Record<string, string>;
  events(): FakeEvent[];
  /** Presses Pay on the session's checkout page; resolves with the success URL once webhooks are delivered. */
  pay(sessionId: string): Promise<string>;
  /** Ends the subscription's current period (see /__advance); resolves with the subscription. */
  advance(subscriptionId: string): Promise<Record<string, unknown>>;
  /** Renews now with a failed payment (see /__fail-payment); resolves with the subscription. */
  failPayment(subscriptionId: string): Promise<Record<string, unknown>>;
  setWebhook(url: string | undefined, secret?: string): void;
  /** Resolves once every queued webhook delivery has finished. */
  idle(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Errors, ids, time

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { param?: string; code?: string; type?: string } = {},
  ) {
    super(message);
  }
}

export function paramError(message: string, param: string, code?: string): StripeApiError {
  return new StripeApiError(400, message, { param, ...(code ? { code } : {}) });
}

export function randomId(prefix: string, length = 24): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function addInterval(start: number, interval: Interval, count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

/** Signs a webhook body as Stripe does: `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signWebhookPayload(body: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
