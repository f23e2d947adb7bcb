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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';
import { createApi } from './stripe/api';
import { createCheckout } from './stripe/checkout';
import { createCatalogue } from './stripe/customers-and-prices';
import { createPages } from './stripe/hosted-pages';
import {
  defaultWebhookSecret,
  fakeSecretKey,
  StripeApiError,
  type StripeFake,
} from './stripe/objects';
import { errorBody, escapeHtml, redirect, sendHtml, sendJson } from './stripe/responses';
import { createStore } from './stripe/store';
import { createSubscriptions } from './stripe/subscriptions';

export {
  defaultWebhookSecret,
  fakeApiVersion,
  fakeSecretKey,
  signWebhookPayload,
} from './stripe/objects';
export type { FakeEvent, StripeFake } from './stripe/objects';

/**
 * Starts the fake. Its parts follow the API's own resources (test/fakes/stripe/): customers and
 * prices, checkout, subscriptions with their invoices, the /v1 routes, the hosted pages; this
 * file serves them and the test controls.
 */
export async function startStripeFake(
  options: { port?: number; webhookUrl?: string; webhookSecret?: string } = {},
): Promise<StripeFake> {
  const store = createStore({
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret ?? defaultWebhookSecret,
  });
  const { state, events, reset } = store;
  const catalogue = createCatalogue(store);
  const subscriptions = createSubscriptions(store);
  const checkout = createCheckout(store, catalogue, subscriptions);
  const { api } = createApi(store, catalogue, subscriptions, checkout);
  const { checkoutPage, portalPage, portalAction } = createPages(store, subscriptions);
  const { endPeriod } = subscriptions;
  const { paySession } = checkout;

  // -- Test controls

  async function control(request: IncomingMessage, response: ServerResponse, path: string) {
    const readJson = async () => {
      const text = await readBody(request);
      return (text ? JSON.parse(text) : {}) as Record<string, string | undefined>;
    };
    if (path === '/__events' && request.method === 'GET') {
      await state.deliveries;
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
      return sendJson(response, 200, { webhookUrl: state.webhookUrl ?? null });
    }
    if (path === '/__reset') {
      await state.deliveries;
      reset();
      return sendJson(response, 200, {});
    }
    return sendJson(response, 404, { error: { message: 'not found' } });
  }

  function setWebhook(url: string | undefined, secret?: string) {
    state.webhookUrl = url || undefined;
    if (secret) state.webhookSecret = secret;
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
  state.baseUrl = `http://127.0.0.1:${port}`;

  const unwrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StripeApiError) throw new Error(error.message, { cause: error });
      throw error;
    }
  };

  return {
    url: state.baseUrl,
    port,
    secretKey: fakeSecretKey,
    get webhookSecret() {
      return state.webhookSecret;
    },
    env: () => ({
      STRIPE_SECRET_KEY: fakeSecretKey,
      STRIPE_WEBHOOK_SECRET: state.webhookSecret,
      STRIPE_API_BASE: state.baseUrl,
    }),
    events: () => [...events],
    pay: (sessionId) => unwrap(() => paySession(sessionId)),
    advance: (subscriptionId) => unwrap(() => endPeriod(subscriptionId, true)),
    failPayment: (subscriptionId) => unwrap(() => endPeriod(subscriptionId, false)),
    setWebhook,
    idle: async () => {
      await state.deliveries;
    },
    reset,
    close: async () => {
      await state.deliveries;
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
