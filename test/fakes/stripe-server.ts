// A small Stripe-compatible server for the calls the billing module makes, shaped like API version
// 2026-10-28.endive, so the official `stripe` SDK talks to it unchanged:
//   new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' })
// Requests are form-encoded with bracketed keys; unknown or missing params answer 400
// invalid_request_error with `param`; any `Bearer sk_test_…` key is accepted, others get 401;
// POSTs honour Idempotency-Key; `expand[]` resolves ids (customer, subscription, latest_invoice,
// data.product, …).
//   POST /v1/customers, GET /v1/customers, GET|POST /v1/customers/:id
//   POST /v1/products, GET|POST /v1/products/:id
//   POST /v1/prices (lookup_key, transfer_lookup_key), GET|POST /v1/prices/:id,
//   GET  /v1/prices (lookup_keys[], active, product, expand[]=data.product)
//   POST /v1/checkout/sessions (mode=subscription), GET /v1/checkout/sessions (customer, status),
//   GET /v1/checkout/sessions/:id,
//   POST /v1/checkout/sessions/:id/expire
//   GET  /v1/subscriptions (customer, price, status, default not canceled), GET|POST|DELETE /v1/subscriptions/:id
//   GET  /v1/invoices (customer, subscription, status), GET /v1/invoices/:id
//   POST /v1/billing_portal/sessions, GET /v1/events/:id
// Hosted pages (what a browser sees):
//   GET  /c/pay/:id             "Fake Stripe checkout": the price, a Pay button, a Cancel link
//   POST /c/pay/:id             Pay: subscription (trialing when asked), paid invoice, session
//                               complete, webhooks delivered, then 303 to success_url
//   GET  /p/session/:id         the customer portal: subscriptions, "Cancel plan"/"Renew plan", "Return"
//   POST /p/session/:id/cancel|renew   (form field subscription) cancel at period end, or undo it
// Test controls:
//   GET  /healthz
//   GET  /__events              every event sent, each with its raw body and Stripe-Signature header
//   POST /__advance             {subscriptionId}: the current period ends (renewal, or the end of a
//                               subscription set to cancel at period end; a past_due one gets paid)
//   POST /__fail-payment        {subscriptionId}: the renewal happens now and its payment fails
//   POST /__config              {webhookUrl, webhookSecret}
//   POST /__reset               forget every object and event (the webhook settings stay)
// Webhooks are POSTed in order to the configured URL, signed as Stripe signs them
// (`t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>">`), one at a time. Those caused by a browser
// action or a test control are delivered before it answers; those caused by an API call after the
// response, as Stripe does. A failed delivery is recorded on the event, never thrown.
// Periods do not follow the wall clock: /__advance starts the next period where the last one ended.
//
// Run standalone: node --import tsx test/fakes/stripe-server.ts <port> [webhookUrl] [webhookSecret]
// In tests: const stripeFake = await startStripeFake({ webhookUrl, webhookSecret });
//   stripeFake.env(); await stripeFake.pay(session.id); await stripeFake.advance(sub.id); await stripeFake.close();
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';

export const fakeApiVersion = '2026-10-28.endive';
export const fakeSecretKey = 'sk_test_fake_lexwise_0000000000000000';
export const defaultWebhookSecret = 'whsec_fake_lexwise_0000000000000000';

// ---------------------------------------------------------------------------------------------
// Object shapes (the fields the fake reads or changes; the rest are filled in as Stripe does)

type Metadata = Record<string, string>;
type Interval = 'day' | 'week' | 'month' | 'year';

interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  total_count?: number;
  url: string;
}

interface CustomerObject {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  [field: string]: unknown;
}

interface ProductObject {
  id: string;
  object: 'product';
  active: boolean;
  name: string;
  description: string | null;
  metadata: Metadata;
  updated: number;
  [field: string]: unknown;
}

interface PriceObject {
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

interface SubscriptionItemObject {
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

type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled';

interface SubscriptionObject {
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

interface InvoiceObject {
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

interface CheckoutSessionObject {
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

interface SessionExtras {
  lineItems: { price: string; quantity: number }[];
  trialDays: number | null;
  subscriptionMetadata: Metadata;
}

interface PortalSessionObject {
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

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { param?: string; code?: string; type?: string } = {},
  ) {
    super(message);
  }
}

function paramError(message: string, param: string, code?: string): StripeApiError {
  return new StripeApiError(400, message, { param, ...(code ? { code } : {}) });
}

function randomId(prefix: string, length = 24): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function addInterval(start: number, interval: Interval, count: number): number {
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

// ---------------------------------------------------------------------------------------------
// Form bodies: `a[b][0][c]=v` into nested objects (arrays stay objects with digit keys until a
// param spec asks for an array)

interface FormTree {
  [key: string]: string | FormTree;
}

export function parseForm(body: string): FormTree {
  const root: FormTree = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw paramError(`Invalid parameter name: ${rawKey}`, rawKey);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    for (const [index, part] of path.entries()) {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        if (typeof node[key] === 'object') throw paramError(`Invalid value for ${rawKey}`, rawKey);
        node[key] = value;
      } else {
        const child = node[key];
        if (typeof child === 'string') throw paramError(`Invalid value for ${rawKey}`, rawKey);
        node = child ?? (node[key] = {});
      }
    }
  }
  return root;
}

// ---------------------------------------------------------------------------------------------
// Param specs, checked the way Stripe checks them

type Spec =
  | { kind: 'string'; required?: boolean; oneOf?: readonly string[] }
  | { kind: 'int' | 'bool' | 'metadata'; required?: boolean }
  | { kind: 'object'; required?: boolean; fields: Record<string, Spec> }
  | { kind: 'array'; required?: boolean; of: Spec };

const str = (oneOf?: readonly string[]): Spec => ({ kind: 'string', ...(oneOf ? { oneOf } : {}) });
const int: Spec = { kind: 'int' };
const bool: Spec = { kind: 'bool' };
const metadata: Spec = { kind: 'metadata' };
const obj = (fields: Record<string, Spec>): Spec => ({ kind: 'object', fields });
const arr = (of: Spec): Spec => ({ kind: 'array', of });
const required = (spec: Spec): Spec => ({ ...spec, required: true });
const expand = arr(str());
const listParams = { limit: int, starting_after: str(), ending_before: str(), expand };

const paramName = (prefix: string, key: string) => (prefix ? `${prefix}[${key}]` : key);

function checkParams(
  fields: Record<string, Spec>,
  tree: FormTree,
  prefix = '',
): Record<string, unknown> {
  for (const key of Object.keys(tree)) {
    if (!(key in fields)) {
      const param = paramName(prefix, key);
      throw paramError(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(fields)) {
    const param = paramName(prefix, key);
    const raw = tree[key];
    if (raw === undefined) {
      if (spec.required) {
        throw paramError(`Missing required param: ${param}.`, param, 'parameter_missing');
      }
      continue;
    }
    out[key] = coerce(spec, raw, param);
  }
  return out;
}

function coerce(spec: Spec, raw: string | FormTree, param: string): unknown {
  if (raw === '') {
    if (spec.required) {
      throw paramError(
        `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
        param,
        'parameter_invalid_empty',
      );
    }
    return null;
  }
  switch (spec.kind) {
    case 'string':
      if (typeof raw !== 'string') throw paramError(`Invalid string: ${param}`, param);
      if (spec.oneOf && !spec.oneOf.includes(raw)) {
        throw paramError(`Invalid ${param}: must be one of ${spec.oneOf.join(', ')}`, param);
      }
      return raw;
    case 'int':
      if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) {
        throw paramError(
          `Invalid integer: ${typeof raw === 'string' ? raw : param}`,
          param,
          'parameter_invalid_integer',
        );
      }
      return Number(raw);
    case 'bool':
      if (raw !== 'true' && raw !== 'false') {
        throw paramError(`Invalid boolean: ${typeof raw === 'string' ? raw : param}`, param);
      }
      return raw === 'true';
    case 'metadata': {
      if (typeof raw === 'string') throw paramError(`Invalid object: ${param}`, param);
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(raw)) {
        if (typeof value !== 'string') {
          throw paramError(`Metadata values must be strings: ${param}[${key}]`, `${param}[${key}]`);
        }
        out[key] = value;
      }
      return out;
    }
    case 'object':
      if (typeof raw === 'string') throw paramError(`Invalid object: ${param}`, param);
      return checkParams(spec.fields, raw, param);
    case 'array': {
      if (typeof raw === 'string') throw paramError(`Invalid array: ${param}`, param);
      const keys = Object.keys(raw);
      if (!keys.every((key) => /^\d+$/.test(key))) {
        throw paramError(`Invalid array: ${param}`, param);
      }
      return keys
        .sort((a, b) => Number(a) - Number(b))
        .map((key) => coerce(spec.of, raw[key]!, `${param}[${key}]`));
    }
  }
}

/** Applies metadata changes as Stripe does: '' removes a key, an unset `metadata=` clears all. */
function mergeMetadata(current: Metadata, update: Metadata | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': randomId('req', 14),
    ...headers,
  });
  response.end(typeof body === 'string' ? body : JSON.stringify(body, null, 2));
}

function errorBody(error: StripeApiError) {
  return {
    error: {
      type: error.details.type ?? 'invalid_request_error',
      message: error.message,
      ...(error.details.code ? { code: error.details.code } : {}),
      ...(error.details.param ? { param: error.details.param } : {}),
    },
  };
}

function sendHtml(response: ServerResponse, status: number, title: string, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main>${body}</main></body></html>`,
  );
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { location });
  response.end();
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function formatAmount(cents: number, currency: string): string {
  return currency === 'usd'
    ? `$${(cents / 100).toFixed(2)}`
    : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------

export async function startStripeFake(
  options: { port?: number; webhookUrl?: string; webhookSecret?: string } = {},
): Promise<StripeFake> {
  let webhookUrl = options.webhookUrl;
  let webhookSecret = options.webhookSecret ?? defaultWebhookSecret;
  let baseUrl = '';

  const customers = new Map<string, CustomerObject>();
  const products = new Map<string, ProductObject>();
  const prices = new Map<string, PriceObject>();
  const sessions = new Map<string, CheckoutSessionObject>();
  const sessionExtras = new Map<string, SessionExtras>();
  const subscriptions = new Map<string, SubscriptionObject>();
  const invoices = new Map<string, InvoiceObject>();
  const portalSessions = new Map<string, PortalSessionObject>();
  const events: FakeEvent[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  let invoiceSequence = 0;
  let deliveries: Promise<void> = Promise.resolve();

  function reset() {
    for (const store of [
      customers,
      products,
      prices,
      sessions,
      sessionExtras,
      subscriptions,
      invoices,
      portalSessions,
      idempotent,
    ]) {
      store.clear();
    }
    events.length = 0;
    invoiceSequence = 0;
  }

  function missing(kind: string, id: string, param = 'id', status = 404): StripeApiError {
    return new StripeApiError(status, `No such ${kind}: '${id}'`, {
      param,
      code: 'resource_missing',
    });
  }

  function find<T>(
    store: Map<string, T>,
    kind: string,
    id: string,
    param?: string,
    status?: number,
  ): T {
    const found = store.get(id);
    if (!found) throw missing(kind, id, param, status);
    return found;
  }

  // -- Rendering: objects as the API returns them (items show the price's current state)

  function renderPrice(price: PriceObject): PriceObject {
    return structuredClone(price);
  }

  function planOf(price: PriceObject): Record<string, unknown> {
    return {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: String(price.unit_amount),
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: price.recurring?.interval ?? 'month',
      interval_count: price.recurring?.interval_count ?? 1,
      livemode: false,
      metadata: { ...price.metadata },
      meter: null,
      nickname: price.nickname,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  function render(object: unknown): Record<string, unknown> {
    const copy = structuredClone(object) as Record<string, unknown>;
    if (copy.object === 'subscription') {
      for (const item of (copy as SubscriptionObject).items.data) {
        const current = prices.get(item.price.id);
        if (current) {
          item.price = renderPrice(current);
          item.plan = planOf(current);
        }
      }
    }
    return copy;
  }

  function lookupAny(id: string): unknown {
    for (const store of [customers, products, prices, sessions, subscriptions, invoices]) {
      const found = (store as Map<string, unknown>).get(id);
      if (found) return found;
    }
    return undefined;
  }

  function expandPath(value: Record<string, unknown>, segments: string[], path: string) {
    const [field, ...rest] = segments;
    const cannot = () => paramError(`This property cannot be expanded (${path}).`, 'expand');
    if (field === undefined) return;
    let child = value[field];
    if (typeof child === 'string') {
      const target = lookupAny(child);
      if (!target) throw cannot();
      child = value[field] = render(target);
    } else if (child === null) {
      return;
    }
    if (Array.isArray(child)) {
      for (const element of child) {
        if (element && typeof element === 'object') {
          expandPath(element as Record<string, unknown>, rest, path);
        }
      }
      if (rest.length === 0) throw cannot();
      return;
    }
    if (!child || typeof child !== 'object') throw cannot();
    if (rest.length > 0) expandPath(child as Record<string, unknown>, rest, path);
  }

  function withExpand(object: unknown, paths: unknown): Record<string, unknown> {
    const rendered = render(object);
    for (const path of (paths as string[] | undefined) ?? []) {
      expandPath(rendered, path.split('.'), path);
    }
    return rendered;
  }

  function list<T extends { id: string }>(
    all: T[],
    url: string,
    params: Record<string, unknown>,
  ): ListObject<Record<string, unknown>> {
    let items = [...all].reverse(); // newest first, as Stripe lists
    const after = params.starting_after as string | undefined;
    const before = params.ending_before as string | undefined;
    if (after) items = items.slice(items.findIndex((item) => item.id === after) + 1);
    if (before)
      items = items.slice(
        0,
        Math.max(
          0,
          items.findIndex((item) => item.id === before),
        ),
      );
    const limit = (params.limit as number | undefined) ?? 10;
    if (limit < 1 || limit > 100) {
      throw paramError(
        'This value must be between 1 and 100 (it currently is out of range).',
        'limit',
      );
    }
    const wrapper = {
      object: 'list' as const,
      data: items.slice(0, limit).map((item) => render(item)),
      has_more: items.length > limit,
      url,
    };
    for (const path of (params.expand as string[] | undefined) ?? []) {
      expandPath(wrapper, path.split('.'), path);
    }
    return wrapper;
  }

  // -- Webhooks

  function emit(
    type: string,
    object: unknown,
    previousAttributes?: Record<string, unknown>,
  ): Promise<void> {
    const created = nowSeconds();
    const payload = {
      id: randomId('evt'),
      object: 'event',
      api_version: fakeApiVersion,
      created,
      data: {
        object: render(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(payload, null, 2);
    const event: FakeEvent = {
      id: payload.id,
      type,
      created,
      body,
      signature: webhookSecret ? signWebhookPayload(body, webhookSecret, created) : null,
      payload: payload as FakeEvent['payload'],
      delivery: null,
    };
    events.push(event);
    const url = webhookUrl;
    if (!url) return deliveries;
    deliveries = deliveries.then(async () => {
      const delivery: NonNullable<FakeEvent['delivery']> = { url, status: null, error: null };
      event.delivery = delivery;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            ...(event.signature ? { 'stripe-signature': event.signature } : {}),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.status = response.status;
        await response.arrayBuffer();
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
      }
    });
    return deliveries;
  }

  /** The top-level fields that changed, with their old values (Stripe's previous_attributes). */
  function changes(before: Record<string, unknown>, after: unknown): Record<string, unknown> {
    const next = render(after);
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(before)) {
      if (JSON.stringify(value) !== JSON.stringify(next[key])) changed[key] = value;
    }
    return changed;
  }

  // -- Customers, products, prices

  const customerFields = {
    email: str(),
    name: str(),
    description: str(),
    phone: str(),
    metadata,
    expand,
  };

  function createCustomer(params: Record<string, unknown>): CustomerObject {
    const id = randomId('cus', 14);
    const customer: CustomerObject = {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: (params.description as string | null | undefined) ?? null,
      discount: null,
      email: (params.email as string | null | undefined) ?? null,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: mergeMetadata({}, params.metadata as Metadata | undefined),
      name: (params.name as string | null | undefined) ?? null,
      next_invoice_sequence: 1,
      phone: (params.phone as string | null | undefined) ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(id, customer);
    return customer;
  }

  function updateCustomer(customer: CustomerObject, params: Record<string, unknown>) {
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      if (params[field] !== undefined) customer[field] = params[field] as string | null;
    }
    customer.metadata = mergeMetadata(customer.metadata, params.metadata as Metadata | undefined);
  }

  const productFields = {
    name: str(),
    description: str(),
    active: bool,
    metadata,
    expand,
  };

  function createProduct(params: Record<string, unknown>): ProductObject {
    const id = (params.id as string | undefined) ?? randomId('prod', 14);
    if (products.has(id))
      throw paramError(`Product already exists.`, 'id', 'resource_already_exists');
    const created = nowSeconds();
    const product: ProductObject = {
      id,
      object: 'product',
      active: (params.active as boolean | undefined) ?? true,
      created,
      default_price: null,
      description: (params.description as string | null | undefined) ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: mergeMetadata({}, params.metadata as Metadata | undefined),
      name: params.name as string,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      updated: created,
      url: null,
    };
    products.set(id, product);
    return product;
  }

  function updateProduct(product: ProductObject, params: Record<string, unknown>) {
    if (params.name !== undefined) {
      if (params.name === null) throw paramError('You cannot unset the name of a product.', 'name');
      product.name = params.name as string;
    }
    if (params.description !== undefined) product.description = params.description as string | null;
    if (params.active !== undefined && params.active !== null)
      product.active = params.active as boolean;
    product.metadata = mergeMetadata(product.metadata, params.metadata as Metadata | undefined);
    product.updated = nowSeconds();
  }

  /** Gives `key` to `price`; an existing holder loses it only when the caller asked to transfer. */
  function claimLookupKey(price: { id?: string }, key: string, transfer: boolean) {
    const holder = [...prices.values()].find((p) => p.lookup_key === key && p.id !== price.id);
    if (!holder) return;
    if (!transfer) {
      throw paramError(
        `A price (\`${holder.id}\`) already uses that lookup key.`,
        'lookup_key',
        'lookup_key_already_exists',
      );
    }
    holder.lookup_key = null;
  }

  function createPrice(params: Record<string, unknown>): PriceObject {
    const productId = params.product as string;
    find(products, 'product', productId, 'product', 400);
    const recurring = params.recurring as
      { interval: Interval; interval_count?: number | null } | null | undefined;
    const lookupKey = (params.lookup_key as string | null | undefined) ?? null;
    if (lookupKey) claimLookupKey({}, lookupKey, params.transfer_lookup_key === true);
    const unitAmount = params.unit_amount as number;
    if (unitAmount < 0) throw paramError('Invalid unit_amount: must be at least 0', 'unit_amount');
    const price: PriceObject = {
      id: randomId('price'),
      object: 'price',
      active: (params.active as boolean | undefined) ?? true,
      billing_scheme: 'per_unit',
      created: nowSeconds(),
      currency: (params.currency as string).toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata: mergeMetadata({}, params.metadata as Metadata | undefined),
      nickname: (params.nickname as string | null | undefined) ?? null,
      product: productId,
      recurring: recurring
        ? {
            interval: recurring.interval,
            interval_count: recurring.interval_count ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    prices.set(price.id, price);
    return price;
  }

  function updatePrice(price: PriceObject, params: Record<string, unknown>) {
    if (params.lookup_key !== undefined) {
      const key = params.lookup_key as string | null;
      if (key) claimLookupKey(price, key, params.transfer_lookup_key === true);
      price.lookup_key = key;
    }
    if (params.active !== undefined && params.active !== null)
      price.active = params.active as boolean;
    if (params.nickname !== undefined) price.nickname = params.nickname as string | null;
    price.metadata = mergeMetadata(price.metadata, params.metadata as Metadata | undefined);
  }

  // -- Checkout

  function createCheckoutSession(params: Record<string, unknown>): CheckoutSessionObject {
    if (params.mode !== 'subscription') {
      throw paramError('This test server supports mode=subscription only.', 'mode');
    }
    const customerId = (params.customer as string | null | undefined) ?? null;
    const customerEmail = (params.customer_email as string | null | undefined) ?? null;
    if (customerId && customerEmail) {
      throw paramError(
        'You may only specify one of these parameters: customer, customer_email.',
        'customer_email',
      );
    }
    if (customerId) find(customers, 'customer', customerId, 'customer', 400);
    const lineItems =
      (params.line_items as { price?: string; quantity?: number }[] | undefined) ?? [];
    if (lineItems.length === 0) {
      throw paramError('`line_items` is required in `subscription` mode.', 'line_items');
    }
    let amount = 0;
    let currency = 'usd';
    const items = lineItems.map((item, index) => {
      const param = `line_items[${index}][price]`;
      if (!item.price)
        throw paramError(`Missing required param: ${param}.`, param, 'parameter_missing');
      const price = find(prices, 'price', item.price, param, 400);
      if (!price.active) {
        throw paramError(
          'The price specified is inactive. This field only accepts active prices.',
          param,
        );
      }
      if (!price.recurring) {
        throw paramError(
          'You must specify at least one recurring price in `subscription` mode when using prices.',
          param,
        );
      }
      const quantity = item.quantity ?? 1;
      amount += price.unit_amount * quantity;
      currency = price.currency;
      return { price: price.id, quantity };
    });
    const subscriptionData =
      (params.subscription_data as
        { trial_period_days?: number; metadata?: Metadata; description?: string } | undefined) ??
      {};
    const trialDays = subscriptionData.trial_period_days ?? null;
    if (trialDays !== null && trialDays < 1) {
      throw paramError(
        'The trial period must be at least 1 day.',
        'subscription_data[trial_period_days]',
      );
    }
    const id = randomId('cs_test', 58);
    const created = nowSeconds();
    const session: CheckoutSessionObject = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: (params.allow_promotion_codes as boolean | undefined) ?? null,
      amount_subtotal: trialDays ? 0 : amount,
      amount_total: trialDays ? 0 : amount,
      billing_address_collection: (params.billing_address_collection as string | undefined) ?? null,
      cancel_url: (params.cancel_url as string | null | undefined) ?? null,
      client_reference_id: (params.client_reference_id as string | null | undefined) ?? null,
      created,
      currency,
      customer: customerId,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email: customerEmail,
      expires_at: created + 24 * 60 * 60,
      invoice: null,
      livemode: false,
      locale: (params.locale as string | undefined) ?? null,
      metadata: mergeMetadata({}, params.metadata as Metadata | undefined),
      mode: 'subscription',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      setup_intent: null,
      status: 'open',
      subscription: null,
      success_url: params.success_url as string,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
    sessionExtras.set(id, {
      lineItems: items,
      trialDays,
      subscriptionMetadata: mergeMetadata({}, subscriptionData.metadata),
    });
    return session;
  }

  function newInvoice(
    subscription: SubscriptionObject,
    reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
    periodStart: number,
    periodEnd: number,
    paid: boolean,
    trial: boolean,
  ): InvoiceObject {
    const customer = customers.get(subscription.customer);
    const item = subscription.items.data[0]!;
    const price = prices.get(item.price.id) ?? item.price;
    const product = products.get(price.product);
    const amount = trial ? 0 : price.unit_amount * item.quantity;
    const now = nowSeconds();
    const id = randomId('in');
    const description = trial
      ? `Trial period for ${product?.name ?? 'the product'}`
      : `${item.quantity} × ${product?.name ?? 'the product'} (at ${formatAmount(price.unit_amount, price.currency)} / ${price.recurring?.interval ?? 'month'})`;
    invoiceSequence++;
    const invoice: InvoiceObject = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Lexwise (test)',
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      amount_shipping: 0,
      attempt_count: 1,
      attempted: true,
      auto_advance: !paid,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      default_payment_method: null,
      description: null,
      discounts: [],
      due_date: null,
      effective_at: now,
      ending_balance: 0,
      hosted_invoice_url: `${baseUrl}/i/${id}`,
      invoice_pdf: null,
      lines: {
        object: 'list',
        data: [
          {
            id: randomId('il'),
            object: 'line_item',
            amount,
            currency: price.currency,
            description,
            discount_amounts: [],
            discountable: true,
            discounts: [],
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: { credited_items: null },
                subscription: subscription.id,
                subscription_item: item.id,
              },
            },
            period: { start: periodStart, end: periodEnd },
            pretax_credit_amounts: [],
            pricing: {
              type: 'price_details',
              price_details: { price: price.id, product: price.product },
              unit_amount_decimal: String(trial ? 0 : price.unit_amount),
            },
            quantity: item.quantity,
            subscription: subscription.id,
            subtotal: amount,
            taxes: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : now + 3 * 24 * 60 * 60,
      number: `${String(customer?.invoice_prefix ?? 'FAKE')}-${String(invoiceSequence).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          metadata: { ...subscription.metadata },
          subscription: subscription.id,
        },
      },
      // Stripe's invoice-level period is the one before the invoice (usage); the billed
      // period is on the line: lines.data[0].period.
      period_end: reason === 'subscription_cycle' ? periodStart : now,
      period_start: reason === 'subscription_cycle' ? item.current_period_start : now,
      starting_balance: 0,
      status: paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: now,
        marked_uncollectible_at: null,
        paid_at: paid ? now : null,
        voided_at: null,
      },
      subtotal: amount,
      subtotal_excluding_tax: amount,
      test_clock: null,
      total: amount,
      total_discount_amounts: [],
      total_excluding_tax: amount,
      total_taxes: [],
      webhooks_delivered_at: now,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  async function paySession(id: string): Promise<string> {
    const session = find(sessions, 'checkout session', id);
    const extras = sessionExtras.get(id)!;
    if (session.status !== 'open') {
      throw new StripeApiError(
        409,
        `This Checkout Session is ${session.status}; it can be paid only once.`,
      );
    }
    let customer = session.customer ? customers.get(session.customer) : undefined;
    if (!customer) customer = createCustomer({ email: session.customer_email });
    const now = nowSeconds();
    const line = extras.lineItems[0]!;
    const price = prices.get(line.price)!;
    const interval = price.recurring?.interval ?? 'month';
    const intervalCount = price.recurring?.interval_count ?? 1;
    const trialEnd = extras.trialDays ? now + extras.trialDays * 24 * 60 * 60 : null;
    const periodEnd = trialEnd ?? addInterval(now, interval, intervalCount);
    const subscriptionId = randomId('sub');
    const subscription: SubscriptionObject = {
      id: subscriptionId,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: periodEnd === trialEnd ? trialEnd : now,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: [
          {
            id: randomId('si', 14),
            object: 'subscription_item',
            billing_thresholds: null,
            created: now,
            current_period_end: periodEnd,
            current_period_start: now,
            discounts: [],
            metadata: {},
            plan: planOf(price),
            price: renderPrice(price),
            quantity: line.quantity,
            subscription: subscriptionId,
            tax_rates: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...extras.subscriptionMetadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: trialEnd ? 'trialing' : 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? now : null,
    };
    subscriptions.set(subscriptionId, subscription);
    const invoice = newInvoice(
      subscription,
      'subscription_create',
      now,
      periodEnd,
      true,
      !!trialEnd,
    );
    session.status = 'complete';
    session.payment_status = invoice.amount_paid > 0 ? 'paid' : 'no_payment_required';
    session.customer = customer.id;
    session.customer_details = {
      address: null,
      email: customer.email,
      name: customer.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    session.subscription = subscriptionId;
    session.invoice = invoice.id;
    session.url = null;
    void emit('checkout.session.completed', session);
    void emit('customer.subscription.created', subscription);
    await emit('invoice.paid', invoice);
    return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  // -- Subscriptions

  function liveSubscription(id: string): SubscriptionObject {
    const subscription = find(subscriptions, 'subscription', id);
    if (subscription.status === 'canceled') {
      throw paramError(
        'A canceled subscription can only update its cancellation_details and metadata.',
        'id',
      );
    }
    return subscription;
  }

  function setCancelAtPeriodEnd(subscription: SubscriptionObject, cancel: boolean) {
    const item = subscription.items.data[0]!;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? item.current_period_end : null;
    subscription.canceled_at = cancel ? nowSeconds() : null;
    subscription.cancellation_details = {
      comment: null,
      feedback: null,
      reason: cancel ? 'cancellation_requested' : null,
    };
  }

  function updateSubscription(subscription: SubscriptionObject, params: Record<string, unknown>) {
    const before = render(subscription);
    const metadataUpdate = params.metadata as Metadata | null | undefined;
    if (subscription.status === 'canceled') {
      const others = Object.keys(params).filter((key) => !['metadata', 'expand'].includes(key));
      if (others.length > 0) {
        throw paramError(
          'A canceled subscription can only update its cancellation_details and metadata.',
          others[0]!,
        );
      }
    }
    let invoice: InvoiceObject | undefined;
    const itemUpdates =
      (params.items as { id?: string; price?: string; quantity?: number }[] | undefined) ?? [];
    for (const [index, update] of itemUpdates.entries()) {
      if (!update.id) {
        throw paramError(
          'Adding items is not supported by this test server.',
          `items[${index}][id]`,
        );
      }
      const item = subscription.items.data.find((candidate) => candidate.id === update.id);
      if (!item) throw missing('subscription item', update.id, `items[${index}][id]`, 400);
      if (update.price) {
        const price = find(prices, 'price', update.price, `items[${index}][price]`, 400);
        if (!price.active) {
          throw paramError(
            'The price specified is inactive. This field only accepts active prices.',
            `items[${index}][price]`,
          );
        }
        const oldInterval = item.price.recurring?.interval;
        item.price = renderPrice(price);
        item.plan = planOf(price);
        if (update.quantity) item.quantity = update.quantity;
        // A change of billing interval restarts the cycle now and bills the new price at once.
        if (price.recurring && price.recurring.interval !== oldInterval) {
          const now = nowSeconds();
          item.current_period_start = now;
          item.current_period_end = addInterval(
            now,
            price.recurring.interval,
            price.recurring.interval_count,
          );
          subscription.billing_cycle_anchor = now;
          if (subscription.status === 'trialing') {
            subscription.status = 'active';
            subscription.trial_end = now;
          }
          invoice = newInvoice(
            subscription,
            'subscription_update',
            now,
            item.current_period_end,
            true,
            false,
          );
        }
      } else if (update.quantity) {
        item.quantity = update.quantity;
      }
    }
    if (params.cancel_at_period_end !== undefined && params.cancel_at_period_end !== null) {
      setCancelAtPeriodEnd(subscription, params.cancel_at_period_end as boolean);
    }
    subscription.metadata = mergeMetadata(subscription.metadata, metadataUpdate);
    if (invoice) void emit('invoice.paid', invoice);
    const changed = changes(before, subscription);
    if (Object.keys(changed).length > 0) {
      void emit('customer.subscription.updated', subscription, changed);
    }
  }

  function cancelNow(subscription: SubscriptionObject, endedAt: number): Promise<void> {
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.ended_at = endedAt;
    subscription.canceled_at ??= now;
    subscription.cancel_at ??= null;
    if (!subscription.cancellation_details.reason) {
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        reason: 'cancellation_requested',
      };
    }
    return emit('customer.subscription.deleted', subscription);
  }

  /** The current period ends: renewal (paid or failed), or the end of a cancelling subscription. */
  async function endPeriod(id: string, paymentSucceeds: boolean): Promise<Record<string, unknown>> {
    const subscription = liveSubscription(id);
    const item = subscription.items.data[0]!;
    if (subscription.cancel_at_period_end) {
      await cancelNow(subscription, item.current_period_end);
      return render(subscription);
    }
    const before = render(subscription);
    if (subscription.status === 'past_due' && paymentSucceeds) {
      // The retried payment of the open invoice goes through.
      const open = subscription.latest_invoice
        ? invoices.get(subscription.latest_invoice)
        : undefined;
      if (open && open.status === 'open') {
        open.status = 'paid';
        open.amount_paid = open.amount_due;
        open.amount_remaining = 0;
        open.attempt_count++;
        open.next_payment_attempt = null;
        open.status_transitions.paid_at = nowSeconds();
        void emit('invoice.paid', open);
      }
      subscription.status = 'active';
      await emit('customer.subscription.updated', subscription, changes(before, subscription));
      return render(subscription);
    }
    const price = prices.get(item.price.id) ?? item.price;
    const start = item.current_period_end;
    const end = addInterval(
      start,
      price.recurring?.interval ?? 'month',
      price.recurring?.interval_count ?? 1,
    );
    const invoice = newInvoice(
      subscription,
      'subscription_cycle',
      start,
      end,
      paymentSucceeds,
      false,
    );
    item.current_period_start = start;
    item.current_period_end = end;
    subscription.status = paymentSucceeds ? 'active' : 'past_due';
    void emit(paymentSucceeds ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    await emit('customer.subscription.updated', subscription, changes(before, subscription));
    return render(subscription);
  }

  // -- Routing

  type Handler = (params: Record<string, unknown>, match: RegExpExecArray) => unknown;
  const routes: {
    method: string;
    pattern: RegExp;
    fields: Record<string, Spec>;
    handle: Handler;
  }[] = [];
  const route = (method: string, path: string, fields: Record<string, Spec>, handle: Handler) => {
    routes.push({
      method,
      pattern: new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`),
      fields,
      handle,
    });
  };

  route('POST', '/v1/customers', customerFields, (p) => withExpand(createCustomer(p), p.expand));
  route('GET', '/v1/customers', { email: str(), ...listParams }, (p) =>
    list(
      [...customers.values()].filter((c) => !p.email || c.email === p.email),
      '/v1/customers',
      p,
    ),
  );
  route('GET', '/v1/customers/:id', { expand }, (p, m) =>
    withExpand(find(customers, 'customer', m[1]!), p.expand),
  );
  route('POST', '/v1/customers/:id', customerFields, (p, m) => {
    const customer = find(customers, 'customer', m[1]!);
    updateCustomer(customer, p);
    return withExpand(customer, p.expand);
  });

  route('POST', '/v1/products', { ...productFields, id: str(), name: required(str()) }, (p) =>
    withExpand(createProduct(p), p.expand),
  );
  route('GET', '/v1/products/:id', { expand }, (p, m) =>
    withExpand(find(products, 'product', m[1]!), p.expand),
  );
  route('POST', '/v1/products/:id', productFields, (p, m) => {
    const product = find(products, 'product', m[1]!);
    updateProduct(product, p);
    return withExpand(product, p.expand);
  });

  route(
    'POST',
    '/v1/prices',
    {
      product: required(str()),
      unit_amount: required(int),
      currency: required(str()),
      recurring: obj({
        interval: required(str(['day', 'week', 'month', 'year'])),
        interval_count: int,
      }),
      lookup_key: str(),
      transfer_lookup_key: bool,
      metadata,
      nickname: str(),
      active: bool,
      expand,
    },
    (p) => withExpand(createPrice(p), p.expand),
  );
  route(
    'GET',
    '/v1/prices',
    {
      active: bool,
      currency: str(),
      lookup_keys: arr(str()),
      product: str(),
      type: str(['one_time', 'recurring']),
      ...listParams,
    },
    (p) => {
      const keys = p.lookup_keys as string[] | undefined;
      const matching = [...prices.values()].filter(
        (price) =>
          (p.active === undefined || price.active === p.active) &&
          (!p.currency || price.currency === (p.currency as string).toLowerCase()) &&
          (!keys || (price.lookup_key !== null && keys.includes(price.lookup_key))) &&
          (!p.product || price.product === p.product) &&
          (!p.type || price.type === p.type),
      );
      return list(matching, '/v1/prices', p);
    },
  );
  route('GET', '/v1/prices/:id', { expand }, (p, m) =>
    withExpand(find(prices, 'price', m[1]!), p.expand),
  );
  route(
    'POST',
    '/v1/prices/:id',
    {
      active: bool,
      metadata,
      lookup_key: str(),
      transfer_lookup_key: bool,
      nickname: str(),
      expand,
    },
    (p, m) => {
      const price = find(prices, 'price', m[1]!);
      updatePrice(price, p);
      return withExpand(price, p.expand);
    },
  );

  route(
    'POST',
    '/v1/checkout/sessions',
    {
      mode: required(str(['payment', 'setup', 'subscription'])),
      customer: str(),
      customer_email: str(),
      client_reference_id: str(),
      line_items: arr(obj({ price: str(), quantity: int })),
      subscription_data: obj({ trial_period_days: int, metadata, description: str() }),
      metadata,
      success_url: required(str()),
      cancel_url: str(),
      allow_promotion_codes: bool,
      billing_address_collection: str(['auto', 'required']),
      locale: str(),
      expand,
    },
    (p) => withExpand(createCheckoutSession(p), p.expand),
  );
  route(
    'GET',
    '/v1/checkout/sessions',
    { customer: str(), status: str(['open', 'complete', 'expired']), ...listParams },
    (p) =>
      list(
        [...sessions.values()].filter(
          (session) =>
            (!p.customer || session.customer === p.customer) &&
            (!p.status || session.status === p.status),
        ),
        '/v1/checkout/sessions',
        p,
      ),
  );
  route('GET', '/v1/checkout/sessions/:id', { expand }, (p, m) =>
    withExpand(find(sessions, 'checkout session', m[1]!), p.expand),
  );
  route('POST', '/v1/checkout/sessions/:id/expire', { expand }, (p, m) => {
    const session = find(sessions, 'checkout session', m[1]!);
    if (session.status !== 'open') {
      throw paramError(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        'session',
      );
    }
    session.status = 'expired';
    session.url = null;
    return withExpand(session, p.expand);
  });

  route(
    'GET',
    '/v1/subscriptions',
    {
      customer: str(),
      price: str(),
      status: str([
        'active',
        'all',
        'canceled',
        'ended',
        'incomplete',
        'incomplete_expired',
        'past_due',
        'paused',
        'trialing',
        'unpaid',
      ]),
      ...listParams,
    },
    (p) => {
      const status = p.status as string | undefined;
      const matching = [...subscriptions.values()].filter(
        (s) =>
          (!p.customer || s.customer === p.customer) &&
          (!p.price || s.items.data.some((item) => item.price.id === p.price)) &&
          (status === 'all' ||
            (status === undefined && s.status !== 'canceled') ||
            (status === 'ended' && s.status === 'canceled') ||
            s.status === status),
      );
      return list(matching, '/v1/subscriptions', p);
    },
  );
  route('GET', '/v1/subscriptions/:id', { expand }, (p, m) =>
    withExpand(find(subscriptions, 'subscription', m[1]!), p.expand),
  );
  route(
    'POST',
    '/v1/subscriptions/:id',
    {
      cancel_at_period_end: bool,
      items: arr(obj({ id: str(), price: str(), quantity: int })),
      proration_behavior: str(['always_invoice', 'create_prorations', 'none']),
      payment_behavior: str([
        'allow_incomplete',
        'default_incomplete',
        'error_if_incomplete',
        'pending_if_incomplete',
      ]),
      metadata,
      expand,
    },
    (p, m) => {
      const subscription = find(subscriptions, 'subscription', m[1]!);
      updateSubscription(subscription, p);
      return withExpand(subscription, p.expand);
    },
  );
  route(
    'DELETE',
    '/v1/subscriptions/:id',
    {
      invoice_now: bool,
      prorate: bool,
      cancellation_details: obj({ comment: str(), feedback: str() }),
      expand,
    },
    (p, m) => {
      const subscription = liveSubscription(m[1]!);
      const details = p.cancellation_details as { comment?: string; feedback?: string } | undefined;
      if (details) {
        subscription.cancellation_details = {
          comment: details.comment ?? null,
          feedback: details.feedback ?? null,
          reason: 'cancellation_requested',
        };
      }
      void cancelNow(subscription, nowSeconds());
      return withExpand(subscription, p.expand);
    },
  );

  route(
    'GET',
    '/v1/invoices',
    {
      customer: str(),
      subscription: str(),
      status: str(['draft', 'open', 'paid', 'uncollectible', 'void']),
      ...listParams,
    },
    (p) =>
      list(
        [...invoices.values()].filter(
          (invoice) =>
            (!p.customer || invoice.customer === p.customer) &&
            (!p.subscription ||
              (invoice.parent as { subscription_details: { subscription: string } })
                .subscription_details.subscription === p.subscription) &&
            (!p.status || invoice.status === p.status),
        ),
        '/v1/invoices',
        p,
      ),
  );
  route('GET', '/v1/invoices/:id', { expand }, (p, m) =>
    withExpand(find(invoices, 'invoice', m[1]!), p.expand),
  );

  route(
    'POST',
    '/v1/billing_portal/sessions',
    { customer: required(str()), return_url: str(), locale: str(), configuration: str(), expand },
    (p) => {
      const customer = find(customers, 'customer', p.customer as string, 'customer', 400);
      const id = randomId('bps');
      const session: PortalSessionObject = {
        id,
        object: 'billing_portal.session',
        configuration: 'bpc_fake_default',
        created: nowSeconds(),
        customer: customer.id,
        customer_account: null,
        flow: null,
        livemode: false,
        locale: (p.locale as string | undefined) ?? null,
        on_behalf_of: null,
        return_url: (p.return_url as string | null | undefined) ?? null,
        url: `${baseUrl}/p/session/${id}`,
      };
      portalSessions.set(id, session);
      return render(session);
    },
  );

  route('GET', '/v1/events/:id', { expand }, (_p, m) => {
    const event = events.find((candidate) => candidate.id === m[1]);
    if (!event) throw missing('event', m[1]!);
    return JSON.parse(event.body) as unknown;
  });

  // -- The API: auth, params, idempotency

  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: string,
  ) {
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    const authorization = request.headers.authorization ?? '';
    const key = /^Bearer (\S+)$/.exec(authorization)?.[1];
    if (!key) {
      return sendJson(
        response,
        401,
        errorBody(
          new StripeApiError(
            401,
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          ),
        ),
      );
    }
    if (!/^(sk|rk)_test_\w+$/.test(key)) {
      return sendJson(
        response,
        401,
        errorBody(
          new StripeApiError(
            401,
            `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
            {
              code: 'api_key_invalid',
            },
          ),
        ),
      );
    }
    const idempotencyKey = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const fingerprint = `${method} ${path}?${query}\n${raw}`;
    if (typeof idempotencyKey === 'string') {
      const stored = idempotent.get(`${key} ${idempotencyKey}`);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          return sendJson(
            response,
            400,
            errorBody(
              new StripeApiError(
                400,
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
                { type: 'idempotency_error' },
              ),
            ),
          );
        }
        return sendJson(response, stored.status, stored.body, {
          'idempotent-replayed': 'true',
          'original-request': 'req_original',
        });
      }
    }

    let status = 200;
    let body: string;
    try {
      const candidates = routes.filter((r) => r.pattern.test(path));
      const matched = candidates.find((r) => r.method === method);
      if (!matched) {
        throw new StripeApiError(
          404,
          `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      }
      const tree = { ...parseForm(query), ...parseForm(raw) };
      const params = checkParams(matched.fields, tree);
      body = JSON.stringify(matched.handle(params, matched.pattern.exec(path)!), null, 2);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = JSON.stringify(errorBody(error), null, 2);
    }
    if (typeof idempotencyKey === 'string' && status < 400) {
      idempotent.set(`${key} ${idempotencyKey}`, { fingerprint, status, body });
    }
    sendJson(
      response,
      status,
      body,
      typeof idempotencyKey === 'string' ? { 'idempotency-key': idempotencyKey } : {},
    );
  }

  // -- Hosted pages

  function checkoutPage(response: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session)
      return sendHtml(response, 404, 'Fake Stripe checkout', '<h1>Session not found</h1>');
    const extras = sessionExtras.get(id)!;
    const price = prices.get(extras.lineItems[0]!.price)!;
    const product = products.get(price.product);
    const amount = formatAmount(price.unit_amount, price.currency);
    const per = price.recurring ? ` / ${price.recurring.interval}` : '';
    const terms = extras.trialDays
      ? `${extras.trialDays} days free, then ${amount}${per}`
      : `${amount}${per}`;
    if (session.status !== 'open') {
      return sendHtml(
        response,
        200,
        'Fake Stripe checkout',
        `<h1>Fake Stripe checkout</h1><p>This checkout session is ${escapeHtml(session.status)}.</p>`,
      );
    }
    sendHtml(
      response,
      200,
      'Fake Stripe checkout',
      `<h1>Fake Stripe checkout</h1>
<p class="product">${escapeHtml(product?.name ?? 'Subscription')}${price.nickname ? ` — ${escapeHtml(price.nickname)}` : ''}</p>
<p class="amount" data-amount="${price.unit_amount}">${escapeHtml(terms)}</p>
<p>Due today: ${escapeHtml(formatAmount(session.amount_total as number, price.currency))}</p>
<form method="post" action="/c/pay/${escapeHtml(id)}"><button type="submit">Pay</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''}`,
    );
  }

  function portalPage(response: ServerResponse, id: string) {
    const session = portalSessions.get(id);
    if (!session)
      return sendHtml(response, 404, 'Fake Stripe portal', '<h1>Session not found</h1>');
    const rows = [...subscriptions.values()]
      .filter((s) => s.customer === session.customer && s.status !== 'canceled')
      .map((s) => {
        const item = s.items.data[0]!;
        const price = prices.get(item.price.id) ?? item.price;
        const product = products.get(price.product);
        const action = s.cancel_at_period_end ? 'renew' : 'cancel';
        return `<li data-subscription="${escapeHtml(s.id)}">
<p>${escapeHtml(product?.name ?? 'Subscription')}: ${escapeHtml(formatAmount(price.unit_amount, price.currency))} / ${escapeHtml(price.recurring?.interval ?? 'month')} (${escapeHtml(s.status)})</p>
<p>${s.cancel_at_period_end ? 'Cancels on' : 'Renews on'} ${formatDate(item.current_period_end)}</p>
<form method="post" action="/p/session/${escapeHtml(id)}/${action}"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button type="submit">${action === 'cancel' ? 'Cancel plan' : 'Renew plan'}</button></form>
</li>`;
      });
    sendHtml(
      response,
      200,
      'Fake Stripe portal',
      `<h1>Fake Stripe customer portal</h1>
${rows.length > 0 ? `<ul>${rows.join('')}</ul>` : '<p>No subscriptions.</p>'}
${session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return</a></p>` : ''}`,
    );
  }

  async function portalAction(
    request: IncomingMessage,
    response: ServerResponse,
    id: string,
    cancel: boolean,
  ) {
    const session = portalSessions.get(id);
    const form = new URLSearchParams(await readBody(request));
    const subscription = subscriptions.get(form.get('subscription') ?? '');
    if (!session || !subscription || subscription.customer !== session.customer) {
      return sendHtml(response, 404, 'Fake Stripe portal', '<h1>Subscription not found</h1>');
    }
    if (subscription.status !== 'canceled' && subscription.cancel_at_period_end !== cancel) {
      const before = render(subscription);
      setCancelAtPeriodEnd(subscription, cancel);
      await emit('customer.subscription.updated', subscription, changes(before, subscription));
    }
    redirect(response, `/p/session/${id}`);
  }

  // -- Test controls

  async function control(request: IncomingMessage, response: ServerResponse, path: string) {
    const readJson = async () => {
      const text = await readBody(request);
      return (text ? JSON.parse(text) : {}) as Record<string, string | undefined>;
    };
    if (path === '/__events' && request.method === 'GET') {
      await deliveries;
      return sendJson(response, 200, events);
    }
    if (request.method !== 'POST')
      return sendJson(response, 404, { error: { message: 'not found' } });
    if (path === '/__advance' || path === '/__fail-payment') {
      const { subscriptionId } = await readJson();
      if (!subscriptionId)
        return sendJson(response, 400, { error: { message: 'subscriptionId is required' } });
      return sendJson(response, 200, await endPeriod(subscriptionId, path === '/__advance'));
    }
    if (path === '/__config') {
      const body = await readJson();
      setWebhook(body.webhookUrl, body.webhookSecret);
      return sendJson(response, 200, { webhookUrl: webhookUrl ?? null });
    }
    if (path === '/__reset') {
      await deliveries;
      reset();
      return sendJson(response, 200, {});
    }
    return sendJson(response, 404, { error: { message: 'not found' } });
  }

  function setWebhook(url: string | undefined, secret?: string) {
    webhookUrl = url || undefined;
    if (secret) webhookSecret = secret;
  }

  const server = createServer((request, response) => {
    const [path = '/', query = ''] = (request.url ?? '/').split(/\?(.*)/s);
    const method = request.method ?? 'GET';
    const handle = async () => {
      if (path.startsWith('/v1/')) return api(request, response, path, query);
      if (path === '/healthz') return sendJson(response, 200, { ok: true });
      if (path.startsWith('/__')) return control(request, response, path);
      const pay = /^\/c\/pay\/([^/]+)$/.exec(path);
      if (pay && method === 'GET') return checkoutPage(response, pay[1]!);
      if (pay && method === 'POST') {
        await readBody(request);
        return redirect(response, await paySession(pay[1]!));
      }
      const portal = /^\/p\/session\/([^/]+)$/.exec(path);
      if (portal && method === 'GET') return portalPage(response, portal[1]!);
      const portalPost = /^\/p\/session\/([^/]+)\/(cancel|renew)$/.exec(path);
      if (portalPost && method === 'POST') {
        return portalAction(request, response, portalPost[1]!, portalPost[2] === 'cancel');
      }
      return sendJson(response, 404, {
        error: { type: 'invalid_request_error', message: 'Not found' },
      });
    };
    handle().catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      if (error instanceof StripeApiError) {
        return path.startsWith('/__')
          ? sendJson(response, error.status, errorBody(error))
          : sendHtml(
              response,
              error.status,
              'Fake Stripe',
              `<h1>${escapeHtml(error.message)}</h1>`,
            );
      }
      sendJson(
        response,
        500,
        { error: { type: 'api_error', message: String(error) } },
        { 'stripe-should-retry': 'false' },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  const unwrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StripeApiError) throw new Error(error.message, { cause: error });
      throw error;
    }
  };

  return {
    url: baseUrl,
    port,
    secretKey: fakeSecretKey,
    get webhookSecret() {
      return webhookSecret;
    },
    env: () => ({
      STRIPE_SECRET_KEY: fakeSecretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: baseUrl,
    }),
    events: () => [...events],
    pay: (sessionId) => unwrap(() => paySession(sessionId)),
    advance: (subscriptionId) => unwrap(() => endPeriod(subscriptionId, true)),
    failPayment: (subscriptionId) => unwrap(() => endPeriod(subscriptionId, false)),
    setWebhook,
    idle: async () => {
      await deliveries;
    },
    reset,
    close: async () => {
      await deliveries;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startStripeFake({
    port: Number(process.argv[2] ?? 3346),
    ...(process.argv[3] ? { webhookUrl: process.argv[3] } : {}),
    ...(process.argv[4] ? { webhookSecret: process.argv[4] } : {}),
  });
  console.log(`Stripe fake at ${fake.url} (webhooks to ${process.argv[3] ?? 'nowhere yet'})`);
}
