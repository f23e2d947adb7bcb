import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from './stripe-server';

interface Received {
  body: string;
  signature: string;
}

const webhookSecret = 'whsec_test_receiver_secret';
let fake: StripeFake;
let stripe: Stripe;
let receiver: Server;
let received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  fake = await startStripeFake({ webhookUrl: receiverUrl, webhookSecret });
  stripe = new Stripe(fake.secretKey, {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  fake.reset();
  received = [];
});

function eventsReceived(): Stripe.Event[] {
  return received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, webhookSecret));
}

async function createPrice(lookupKey: string, amount: number, interval: 'month' | 'year') {
  const product = await stripe.products.create({
    name: 'Standard',
    metadata: { lexwise_tier: 'standard' },
  });
  return stripe.prices.create({
    product: product.id,
    unit_amount: amount,
    currency: 'usd',
    recurring: { interval },
    lookup_key: lookupKey,
  });
}

/** Customer, price, checkout session (a trial of trialDays, none for 0), and Pay. */
async function subscribe(trialDays = 5) {
  const customer = await stripe.customers.create({
    email: 'ada@example.com',
    metadata: { userId: 'u1' },
  });
  await createPrice('lexwise_standard_month', 2900, 'month');
  const found = await stripe.prices.list({
    lookup_keys: ['lexwise_standard_month'],
    active: true,
    expand: ['data.product'],
  });
  const price = found.data[0]!;
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'u1',
    line_items: [{ price: price.id, quantity: 1 }],
    subscription_data: {
      ...(trialDays ? { trial_period_days: trialDays } : {}),
      metadata: { userId: 'u1', planId: 'standard-month' },
    },
    metadata: { userId: 'u1' },
    success_url: 'http://app.test/billing/done?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/pricing',
  });
  const successUrl = await fake.pay(session.id);
  return { customer, price, session, successUrl };
}

describe('Stripe fake, through the stripe SDK', () => {
  it('prices are found by lookup key with their product expanded', async () => {
    const created = await createPrice('lexwise_standard_month', 2900, 'month');
    expect(created.id).toMatch(/^price_\w+$/);
    const found = await stripe.prices.list({
      lookup_keys: ['lexwise_standard_month'],
      expand: ['data.product'],
    });
    expect(found.object).toBe('list');
    expect(found.has_more).toBe(false);
    expect(found.data).toHaveLength(1);
    const product = found.data[0]!.product as Stripe.Product;
    expect(product.id).toMatch(/^prod_/);
    expect(product.metadata.lexwise_tier).toBe('standard');
    expect(found.data[0]!.recurring?.interval).toBe('month');
  });

  it('checkout and Pay create a trialing subscription and signed webhooks the SDK accepts', async () => {
    const { customer, price, session, successUrl } = await subscribe();
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    expect(session.status).toBe('open');
    expect(session.id).toMatch(/^cs_test_/);
    expect(successUrl).toBe(`http://app.test/billing/done?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done.status).toBe('complete');
    expect(done.payment_status).toBe('no_payment_required');
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('trialing');
    expect(subscription.customer).toBe(customer.id);
    expect(subscription.metadata).toEqual({ userId: 'u1', planId: 'standard-month' });
    const item = subscription.items.data[0]!;
    expect(item.price.id).toBe(price.id);
    expect(item.current_period_end).toBe(subscription.trial_end);
    expect(item.current_period_end - item.current_period_start).toBe(5 * 24 * 60 * 60);

    const events = eventsReceived();
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(events.every((e) => e.api_version === '2026-10-28.endive')).toBe(true);
    const completed = events[0]!.data.object as Stripe.Checkout.Session;
    expect(completed.client_reference_id).toBe('u1');
    expect(completed.subscription).toBe(subscription.id);
    const invoice = events[2]!.data.object as Stripe.Invoice;
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice.billing_reason).toBe('subscription_create');
    expect(invoice.amount_paid).toBe(0);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(fake.events().map((e) => e.delivery?.status)).toEqual([200, 200, 200]);

    // A second Pay is refused.
    await expect(fake.pay(session.id)).rejects.toThrow(/only once/);
  });

  it('a forged or stale signature fails constructEvent', async () => {
    await subscribe();
    const { body, signature } = received[0]!;
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const tampered = body.replace('"livemode": false', '"livemode": true');
    expect(() => stripe.webhooks.constructEvent(tampered, signature, webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    // The recorded events carry the exact body and header, for redelivery.
    const recorded = fake.events()[0]!;
    expect(recorded.body).toBe(body);
    expect(
      stripe.webhooks.constructEvent(recorded.body, recorded.signature!, webhookSecret).id,
    ).toBe(recorded.id);
  });

  it('advance ends the trial: active, a new item period and a paid cycle invoice', async () => {
    const { session } = await subscribe();
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id))
      .subscription as string;
    const before = await stripe.subscriptions.retrieve(subscriptionId);
    received = [];

    await fake.advance(subscriptionId);
    const after = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    expect(after.status).toBe('active');
    const item = after.items.data[0]!;
    expect(item.current_period_start).toBe(before.items.data[0]!.current_period_end);
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start + 27 * 86400);
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice.billing_reason).toBe('subscription_cycle');
    expect(invoice.status).toBe('paid');
    expect(invoice.amount_paid).toBe(2900);
    expect(invoice.lines.data[0]!.period).toEqual({
      start: item.current_period_start,
      end: item.current_period_end,
    });
    expect((await stripe.invoices.retrieve(invoice.id)).amount_paid).toBe(2900);
    const events = eventsReceived();
    expect(events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(events[1]!.data.previous_attributes).toMatchObject({ status: 'trialing' });
  });

  it('cancel at period end, then advance: canceled and a deleted event', async () => {
    const { customer, session } = await subscribe(0);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id))
      .subscription as string;
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    received = [];

    const updated = await stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: true,
    });
    expect(updated.cancel_at_period_end).toBe(true);
    expect(updated.cancel_at).toBe(updated.items.data[0]!.current_period_end);
    await fake.idle();
    expect(eventsReceived().map((e) => e.type)).toEqual(['customer.subscription.updated']);

    await fake.advance(subscriptionId);
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended.status).toBe('canceled');
    expect(ended.ended_at).toBe(updated.items.data[0]!.current_period_end);
    expect(eventsReceived().map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    const live = await stripe.subscriptions.list({ customer: customer.id });
    expect(live.data).toHaveLength(0);
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(all.data.map((s) => s.id)).toEqual([subscriptionId]);
  });

  it('a failed renewal makes the subscription past_due with an open invoice', async () => {
    const { session } = await subscribe(0);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id))
      .subscription as string;
    received = [];
    await fake.failPayment(subscriptionId);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    expect(subscription.status).toBe('past_due');
    expect((subscription.latest_invoice as Stripe.Invoice).status).toBe('open');
    expect(eventsReceived().map((e) => e.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
  });

  it('the hosted checkout and portal pages work as a browser uses them', async () => {
    const customer = await stripe.customers.create({ email: 'bo@example.com' });
    const price = await createPrice('lexwise_standard_month', 2900, 'month');
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://app.test/done?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/pricing',
    });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('<title>Fake Stripe checkout</title>');
    expect(page).toContain('$29.00 / month');
    expect(page).toContain('href="http://app.test/pricing">Cancel</a>');
    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/done?session_id=${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/account',
    });
    expect(portal.url).toBe(`${fake.url}/p/session/${portal.id}`);
    expect(portal.id).toMatch(/^bps_/);
    const portalPage = await (await fetch(portal.url)).text();
    expect(portalPage).toContain('Cancel plan');
    expect(portalPage).toContain('href="http://app.test/account">Return</a>');
    const subscriptionId = /data-subscription="(sub_\w+)"/.exec(portalPage)![1]!;
    received = [];
    const cancelled = await fetch(`${portal.url}/cancel`, {
      method: 'POST',
      body: new URLSearchParams({ subscription: subscriptionId }),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(eventsReceived().map((e) => e.type)).toEqual(['customer.subscription.updated']);
    expect(await (await fetch(portal.url)).text()).toContain('Renew plan');
  });

  it('a plan switch changes the item price and a yearly switch bills at once', async () => {
    const { session } = await subscribe(0);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id))
      .subscription as string;
    const yearly = await createPrice('lexwise_standard_year', 11000, 'year');
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    received = [];
    const switched = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: subscription.items.data[0]!.id, price: yearly.id }],
      proration_behavior: 'create_prorations',
    });
    expect(switched.items.data[0]!.price.id).toBe(yearly.id);
    await fake.idle();
    expect(eventsReceived().map((e) => e.type)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
  });

  it('an idempotency key returns the same response', async () => {
    const first = await stripe.customers.create(
      { email: 'same@example.com' },
      { idempotencyKey: 'key-1' },
    );
    const second = await stripe.customers.create(
      { email: 'same@example.com' },
      { idempotencyKey: 'key-1' },
    );
    expect(second.id).toBe(first.id);
    expect((await stripe.customers.list()).data).toHaveLength(1);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('bad requests get Stripe errors with the param', async () => {
    const unknown = await stripe.customers
      .create({ email: 'a@example.com', colour: 'red' } as Stripe.CustomerCreateParams)
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((unknown as Stripe.errors.StripeError).param).toBe('colour');

    const missingPrice = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://app.test/done',
      })
      .catch((error: unknown) => error);
    expect(missingPrice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((missingPrice as Stripe.errors.StripeError).param).toBe('line_items[0][price]');
    expect((missingPrice as Stripe.errors.StripeError).code).toBe('resource_missing');

    const noMode = await stripe.checkout.sessions
      .create({ success_url: 'http://app.test/done' } as Stripe.Checkout.SessionCreateParams)
      .catch((error: unknown) => error);
    expect((noMode as Stripe.errors.StripeError).param).toBe('mode');

    const notFound = await stripe.subscriptions
      .retrieve('sub_nope')
      .catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((notFound as Stripe.errors.StripeError).statusCode).toBe(404);

    const badKey = new Stripe('sk_live_nope', {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    });
    await expect(badKey.customers.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('a lookup key moves to a new price only with transfer_lookup_key', async () => {
    const old = await createPrice('lexwise_premium_month', 11900, 'month');
    await expect(createPrice('lexwise_premium_month', 12900, 'month')).rejects.toMatchObject({
      param: 'lookup_key',
    });
    const replacement = await stripe.prices.create({
      product: old.product as string,
      unit_amount: 12900,
      currency: 'usd',
      recurring: { interval: 'month' },
      lookup_key: 'lexwise_premium_month',
      transfer_lookup_key: true,
    });
    expect((await stripe.prices.retrieve(old.id)).lookup_key).toBeNull();
    const found = await stripe.prices.list({ lookup_keys: ['lexwise_premium_month'] });
    expect(found.data.map((p) => p.id)).toEqual([replacement.id]);
  });

  it('webhook delivery failures are recorded, not thrown', async () => {
    fake.setWebhook('http://127.0.0.1:9/unreachable');
    try {
      await subscribe();
      const deliveries = fake.events().map((e) => e.delivery);
      expect(deliveries).toHaveLength(3);
      expect(deliveries.every((d) => d?.status === null && d.error)).toBe(true);
    } finally {
      fake.setWebhook(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`);
    }
  });
});
