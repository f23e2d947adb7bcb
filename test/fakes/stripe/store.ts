import {
  type CheckoutSessionObject,
  type CustomerObject,
  fakeApiVersion,
  type FakeEvent,
  type InvoiceObject,
  type ListObject,
  nowSeconds,
  paramError,
  type PortalSessionObject,
  type PriceObject,
  type ProductObject,
  randomId,
  type SessionExtras,
  signWebhookPayload,
  StripeApiError,
  type SubscriptionObject,
} from './objects';

/** The fake account's objects and what every resource shares: lookups, rendering with `expand[]`, lists, and the webhook events each change sends. */
export function createStore(settings: { webhookUrl: string | undefined; webhookSecret: string }) {
  const state = {
    ...settings,
    baseUrl: '',
    invoiceSequence: 0,
    deliveries: Promise.resolve() as Promise<void>,
  };

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
    state.invoiceSequence = 0;
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
      pending_webhooks: state.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(payload, null, 2);
    const event: FakeEvent = {
      id: payload.id,
      type,
      created,
      body,
      signature: state.webhookSecret
        ? signWebhookPayload(body, state.webhookSecret, created)
        : null,
      payload: payload as FakeEvent['payload'],
      delivery: null,
    };
    events.push(event);
    const url = state.webhookUrl;
    if (!url) return state.deliveries;
    state.deliveries = state.deliveries.then(async () => {
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
    return state.deliveries;
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

  return {
    state,
    customers,
    products,
    prices,
    sessions,
    sessionExtras,
    subscriptions,
    invoices,
    portalSessions,
    events,
    idempotent,
    reset,
    missing,
    find,
    renderPrice,
    planOf,
    render,
    lookupAny,
    expandPath,
    withExpand,
    list,
    emit,
    changes,
  };
}

export type Store = ReturnType<typeof createStore>;
