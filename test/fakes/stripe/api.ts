import { type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from '../read-body';
import {
  arr,
  bool,
  checkParams,
  expand,
  int,
  listParams,
  metadata,
  obj,
  parseForm,
  required,
  type Spec,
  str,
} from './form';
import {
  nowSeconds,
  paramError,
  type PortalSessionObject,
  randomId,
  StripeApiError,
} from './objects';
import { errorBody, sendJson } from './responses';
import type { Store } from './store';
import type { Catalogue } from './customers-and-prices';
import type { Subscriptions } from './subscriptions';
import type { Checkout } from './checkout';

/** The /v1 API: every route with its params, the secret-key check, idempotency keys, and the errors Stripe answers. */
export function createApi(
  store: Store,
  catalogueRoom: Catalogue,
  subscriptionsRoom: Subscriptions,
  checkoutRoom: Checkout,
) {
  const {
    customers,
    products,
    prices,
    sessions,
    subscriptions,
    invoices,
    portalSessions,
    events,
    idempotent,
    missing,
    find,
    render,
    withExpand,
    list,
  } = store;
  const {
    customerFields,
    createCustomer,
    updateCustomer,
    productFields,
    createProduct,
    updateProduct,
    createPrice,
    updatePrice,
  } = catalogueRoom;
  const { liveSubscription, updateSubscription, cancelNow } = subscriptionsRoom;
  const { createCheckoutSession } = checkoutRoom;
  const state = store.state;
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
        url: `${state.baseUrl}/p/session/${id}`,
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

  return { routes, route, api };
}

export type Api = ReturnType<typeof createApi>;
