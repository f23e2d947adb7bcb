import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signWebhookPayload,
  startStripeFake,
  type FakeEvent,
  type StripeFake,
} from '../../../../test/fakes/stripe-server';
import { createAuthHarness, type AuthHarness } from '../../../../test/support/auth-harness';
import { databaseTargets } from '../../../../test/support/databases';
import { planIdForLookupKey } from '../../../shared/stripe-lookup-keys';
import { syncStripeCatalogue } from './stripe-catalogue';

// Billing through Stripe, against a local Stripe-compatible server: webhooks are signed and
// delivered over HTTP to the app, which re-reads what they name through the official SDK.

const password = 'correct horse battery staple';

interface Buyer {
  userId: string;
  token: string;
  sessionId: string;
  subscriptionId: string;
}

describe.each(databaseTargets)('billing through Stripe on $kind', ({ kind, skip }) => {
  let fake: StripeFake;
  let h: AuthHarness;
  let base: string;
  let stripe: Stripe;
  let webhookUrl: string;
  let people = 0;

  beforeAll(async () => {
    if (skip) return;
    fake = await startStripeFake();
    h = await createAuthHarness(kind, {
      ...fake.env(),
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_LIMIT_PER_IP: '100000',
    });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const address = h.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    webhookUrl = `${base}/api/billing/webhook`;
    fake.setWebhook(webhookUrl, fake.webhookSecret);
    stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    await syncStripeCatalogue(stripe);
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    h.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const tokensOf = async (token: string) =>
    (await call('GET', '/api/tokens', token)).json<{
      balance: number;
      plan: { id: string; name: string };
    }>();

  /** The person's grants, from the ledger: their references. */
  async function grantsOf(userId: string): Promise<string[]> {
    const rows = await h.env.db.kysely
      .selectFrom('token_ledger')
      .select('reference')
      .where('user_id', '=', userId)
      .where('kind', '=', 'grant')
      .where('reference', 'like', 'sub:%')
      .execute();
    return rows.map((row) => row.reference).sort();
  }

  async function ledgerMatchesBalance(userId: string, token: string) {
    const rows = await h.env.db.kysely
      .selectFrom('token_ledger')
      .select('delta')
      .where('user_id', '=', userId)
      .execute();
    const sum = rows.reduce((total, row) => total + Number(row.delta), 0);
    expect(sum).toBe((await tokensOf(token)).balance);
  }

  /** A new person, signed in, with a checkout session for `planId`, paid at the fake. */
  async function buy(planId: string, { pay = true } = {}): Promise<Buyer> {
    const session = await h.signUp(`stripe-${kind}-${++people}@example.com`, password);
    const checkout = await call('POST', '/api/billing/checkout', session.accessToken, { planId });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = checkout.json<{ url: string }>().url;
    expect(url.startsWith(`${fake.url}/c/pay/cs_`)).toBe(true);
    const sessionId = url.split('/').pop()!;
    if (pay) await fake.pay(sessionId);
    const created = fake
      .events()
      .find(
        (event) =>
          event.type === 'checkout.session.completed' &&
          (event.payload as unknown as { data: { object: { id: string } } }).data.object.id ===
            sessionId,
      );
    const subscriptionId = created
      ? (created.payload as unknown as { data: { object: { subscription: string } } }).data.object
          .subscription
      : '';
    return { userId: session.userId, token: session.accessToken, sessionId, subscriptionId };
  }

  it.skipIf(skip)(
    'a person buys Standard: each period granted once, cancel ends it at the period end',
    async () => {
      const buyer = await buy('standard-month');
      // The webhooks were delivered before Pay answered: the plan is there already.
      expect(await tokensOf(buyer.token)).toMatchObject({
        balance: 500_000,
        plan: { id: 'standard-month', name: 'Standard' },
      });
      const confirmed = await call('POST', '/api/billing/confirm', buyer.token, {
        sessionId: buyer.sessionId,
      });
      expect(confirmed.json()).toMatchObject({ confirmed: true, plan: { name: 'Standard' } });
      expect(await grantsOf(buyer.userId)).toHaveLength(1);

      const overview = (await call('GET', '/api/billing', buyer.token)).json();
      expect(overview).toMatchObject({
        provider: 'stripe',
        subscription: { status: 'trialing', planName: 'Standard', amountCents: 2900 },
        trialAvailable: false,
      });

      // The trial ends; the first paid period starts and is granted, once.
      await fake.advance(buyer.subscriptionId);
      expect((await call('GET', '/api/billing', buyer.token)).json().subscription.status).toBe(
        'active',
      );
      expect(await grantsOf(buyer.userId)).toHaveLength(2);

      const portal = await call('POST', '/api/billing/portal', buyer.token);
      expect(portal.json<{ url: string }>().url.startsWith(`${fake.url}/p/session/bps_`)).toBe(
        true,
      );
      // Subscribed: another plan is switched in the portal, not bought twice.
      const again = await call('POST', '/api/billing/checkout', buyer.token, {
        planId: 'premium-month',
      });
      expect(again.json<{ url: string }>().url.startsWith(`${fake.url}/p/session/`)).toBe(true);

      await stripe.subscriptions.update(buyer.subscriptionId, { cancel_at_period_end: true });
      await fake.idle();
      expect((await call('GET', '/api/billing', buyer.token)).json().subscription).toMatchObject({
        cancelAtPeriodEnd: true,
        renewsAt: null,
      });
      expect((await tokensOf(buyer.token)).plan.name).toBe('Standard');

      await fake.advance(buyer.subscriptionId);
      expect(await tokensOf(buyer.token)).toMatchObject({
        balance: 25_000,
        plan: { id: 'free-month', name: 'Free' },
      });
      expect((await call('GET', '/api/billing', buyer.token)).json().subscription.status).toBe(
        'canceled',
      );
      await ledgerMatchesBalance(buyer.userId, buyer.token);
    },
  );

  it.skipIf(skip)(
    'an upgrade is granted at once; a downgrade waits for the next period',
    async () => {
      const buyer = await buy('standard-month');
      const priceOf = async (key: string) =>
        (await stripe.prices.list({ lookup_keys: [key] })).data[0]!.id;
      const switchTo = async (key: string) => {
        const current = await stripe.subscriptions.retrieve(buyer.subscriptionId);
        await stripe.subscriptions.update(buyer.subscriptionId, {
          items: [{ id: current.items.data[0]!.id, price: await priceOf(key) }],
        });
        await fake.idle();
      };
      await switchTo('lexwise_premium_month');
      expect((await tokensOf(buyer.token)).plan.id).toBe('premium-month');
      expect(await grantsOf(buyer.userId)).toHaveLength(2);

      await switchTo('lexwise_standard_month');
      // Premium was paid for this period: it stands until the period ends.
      expect((await tokensOf(buyer.token)).plan.id).toBe('premium-month');
      expect(await grantsOf(buyer.userId)).toHaveLength(2);
      expect((await call('GET', '/api/billing', buyer.token)).json().subscription.planId).toBe(
        'standard-month',
      );

      await fake.advance(buyer.subscriptionId);
      expect(await tokensOf(buyer.token)).toMatchObject({
        balance: 500_000,
        plan: { id: 'standard-month' },
      });
      expect(await grantsOf(buyer.userId)).toHaveLength(3);
      await ledgerMatchesBalance(buyer.userId, buyer.token);
    },
  );

  it.skipIf(skip)(
    'three checkouts opened before paying any, paid in turn: one trial, one subscription, one grant',
    async () => {
      const person = await h.signUp(`stripe-${kind}-${++people}@example.com`, password);
      const sessionIds: string[] = [];
      for (const planId of ['premium-month', 'standard-year', 'standard-month']) {
        const checkout = await call('POST', '/api/billing/checkout', person.accessToken, {
          planId,
        });
        expect(checkout.statusCode, checkout.body).toBe(200);
        sessionIds.push(checkout.json<{ url: string }>().url.split('/').pop()!);
      }
      for (const sessionId of sessionIds) {
        // A session replaced by a newer one can no longer be paid.
        await fake.pay(sessionId).catch(() => undefined);
      }
      await fake.idle();
      const customer = (await stripe.checkout.sessions.retrieve(sessionIds[0]!)).customer;
      const standing = await stripe.subscriptions.list({ customer: customer as string });
      expect(standing.data).toHaveLength(1);
      expect(standing.data[0]!.status).toBe('trialing');
      const all = await stripe.subscriptions.list({ customer: customer as string, status: 'all' });
      expect(all.data.filter((s) => s.status !== 'canceled')).toHaveLength(1);
      expect(await grantsOf(person.userId)).toHaveLength(1);
      expect(await tokensOf(person.accessToken)).toMatchObject({
        balance: 500_000,
        plan: { id: 'standard-month' },
      });
      expect((await call('GET', '/api/billing', person.accessToken)).json()).toMatchObject({
        subscription: { status: 'trialing', planId: 'standard-month' },
        trialAvailable: false,
      });
      await ledgerMatchesBalance(person.userId, person.accessToken);
    },
  );

  it.skipIf(skip)(
    'a second subscription that slips through is cancelled at once, without a grant or a second trial',
    async () => {
      const buyer = await buy('standard-month');
      expect(await grantsOf(buyer.userId)).toHaveLength(1);
      // A checkout opened beside the first (as two tabs racing could), paid after it.
      const customer = (await stripe.checkout.sessions.retrieve(buyer.sessionId))
        .customer as string;
      const premium = (await stripe.prices.list({ lookup_keys: ['lexwise_premium_month'] }))
        .data[0]!;
      const second = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: buyer.userId,
        line_items: [{ price: premium.id, quantity: 1 }],
        subscription_data: { trial_period_days: 5 },
        success_url: `${base}/chatbot`,
      });
      await fake.pay(second.id);
      await fake.idle();
      const secondId = (await stripe.checkout.sessions.retrieve(second.id)).subscription;
      const all = await stripe.subscriptions.list({ customer, status: 'all' });
      expect(all.data.map((s) => [s.id, s.status]).sort()).toEqual(
        [
          [buyer.subscriptionId, 'trialing'],
          [secondId, 'canceled'],
        ].sort(),
      );
      expect(await grantsOf(buyer.userId)).toHaveLength(1);
      expect(await tokensOf(buyer.token)).toMatchObject({
        balance: 500_000,
        plan: { id: 'standard-month' },
      });
      expect((await call('GET', '/api/billing', buyer.token)).json().subscription).toMatchObject({
        planId: 'standard-month',
        status: 'trialing',
      });
      await ledgerMatchesBalance(buyer.userId, buyer.token);
    },
  );

  it.skipIf(skip)(
    'forged, replayed and unsigned webhooks are refused and change nothing; the genuine one is applied',
    async () => {
      fake.setWebhook(undefined);
      const buyer = await buy('premium-month');
      fake.setWebhook(webhookUrl, fake.webhookSecret);
      const paidEvent = fake
        .events()
        .filter((e) => e.type === 'checkout.session.completed')
        .at(-1)!;
      const deliver = (body: string, signature?: string) =>
        fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(signature ? { 'stripe-signature': signature } : {}),
          },
          body,
        });
      const body = paidEvent.body;
      const now = Math.floor(Date.now() / 1000);
      const refused = [
        await deliver(body),
        await deliver(body, signWebhookPayload(body, 'whsec_someone_else_entirely')),
        await deliver(body, signWebhookPayload(body, fake.webhookSecret, now - 600)),
        // The genuine signature, over other bytes.
        await deliver(`${body} `, paidEvent.signature ?? undefined),
        await deliver('not json', signWebhookPayload('not json', fake.webhookSecret)),
      ];
      for (const response of refused) {
        expect(response.status).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
          'billing.webhook_invalid',
        );
      }
      expect((await tokensOf(buyer.token)).plan.name).toBe('Free');
      expect(await grantsOf(buyer.userId)).toEqual([]);

      const genuine = await deliver(body, signWebhookPayload(body, fake.webhookSecret));
      expect(genuine.status).toBe(200);
      expect((await tokensOf(buyer.token)).plan.name).toBe('Premium');
      // Its redelivery is acknowledged and changes nothing.
      expect((await deliver(body, signWebhookPayload(body, fake.webhookSecret))).status).toBe(200);
      expect(await grantsOf(buyer.userId)).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    'a checkout never paid grants nothing, and no one else can confirm a session',
    async () => {
      const buyer = await buy('standard-year', { pay: false });
      const early = await call('POST', '/api/billing/confirm', buyer.token, {
        sessionId: buyer.sessionId,
      });
      expect(early.json()).toMatchObject({ confirmed: false, plan: { id: 'free-month' } });
      const other = await h.signUp(`stripe-${kind}-intruder@example.com`, password);
      const stolen = await call('POST', '/api/billing/confirm', other.accessToken, {
        sessionId: buyer.sessionId,
      });
      expect(stolen.statusCode).toBe(404);
      const made = await call('POST', '/api/billing/confirm', buyer.token, {
        sessionId: 'cs_test_doesnotexist',
      });
      expect(made.statusCode).toBe(404);
      expect(await grantsOf(buyer.userId)).toEqual([]);
      expect((await tokensOf(buyer.token)).plan.name).toBe('Free');
    },
  );

  it.skipIf(skip)(
    'a storm of 1,000 deliveries (duplicated, shuffled, concurrent) and racing confirms: one grant per period, the final plan as Stripe holds it',
    async () => {
      fake.setWebhook(undefined);
      const seen = new Set(fake.events().map((event) => event.id));
      const buyers: Buyer[] = [];
      const plans = ['standard-month', 'premium-month', 'standard-year', 'premium-year'];
      for (let i = 0; i < 8; i++) buyers.push(await buy(plans[i % plans.length]!));
      // Their histories differ: renewals, a failed payment, cancellations, an upgrade.
      await fake.advance(buyers[0]!.subscriptionId);
      await fake.advance(buyers[0]!.subscriptionId);
      await fake.advance(buyers[1]!.subscriptionId);
      await fake.failPayment(buyers[1]!.subscriptionId);
      await stripe.subscriptions.update(buyers[2]!.subscriptionId, { cancel_at_period_end: true });
      await fake.advance(buyers[2]!.subscriptionId);
      await stripe.subscriptions.cancel(buyers[3]!.subscriptionId);
      const upgraded = await stripe.subscriptions.retrieve(buyers[4]!.subscriptionId);
      const premium = (await stripe.prices.list({ lookup_keys: ['lexwise_premium_month'] }))
        .data[0]!;
      await stripe.subscriptions.update(buyers[4]!.subscriptionId, {
        items: [{ id: upgraded.items.data[0]!.id, price: premium.id }],
      });
      await fake.advance(buyers[5]!.subscriptionId);
      await fake.idle();

      const events = fake.events().filter((event) => !seen.has(event.id));
      expect(events.length).toBeGreaterThan(30);
      // 1,000 deliveries: every event at least once, the rest duplicates, in a shuffled order.
      const deliveries: FakeEvent[] = [...events];
      let seed = 42;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      while (deliveries.length < 1000)
        deliveries.push(events[Math.floor(random() * events.length)]!);
      for (let i = deliveries.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
      }
      const statuses: number[] = [];
      const deliver = async (event: FakeEvent) => {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': event.signature ?? '',
          },
          body: event.body,
        });
        statuses.push(response.status);
        await response.arrayBuffer();
      };
      const confirmAll = () =>
        Promise.all(
          buyers.map((buyer) =>
            call('POST', '/api/billing/confirm', buyer.token, { sessionId: buyer.sessionId }),
          ),
        );
      for (let i = 0; i < deliveries.length; i += 25) {
        const batch = deliveries.slice(i, i + 25).map(deliver);
        if (i % 250 === 0) batch.push(confirmAll().then(() => undefined));
        await Promise.all(batch);
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      const recorded = await h.env.db.kysely
        .selectFrom('webhook_events')
        .select('id')
        .where(
          'id',
          'in',
          events.map((event) => event.id),
        )
        .execute();
      expect(recorded).toHaveLength(events.length);

      for (const buyer of buyers) {
        const state = await stripe.subscriptions.retrieve(buyer.subscriptionId);
        const planId = planIdForLookupKey(state.items.data[0]!.price.lookup_key ?? '');
        const tokens = await tokensOf(buyer.token);
        const grants = (await grantsOf(buyer.userId)).filter((reference) =>
          reference.startsWith(`sub:${buyer.subscriptionId}:`),
        );
        const periodStart = new Date(
          state.items.data[0]!.current_period_start * 1000,
        ).toISOString();
        if (state.status === 'canceled') {
          expect(tokens.plan.id).toBe('free-month');
          expect(grants.filter((reference) => reference.endsWith(':ended'))).toHaveLength(1);
        } else if (state.status === 'past_due') {
          // Its period is not paid: nothing is granted for it while Stripe retries.
          expect(grants.filter((reference) => reference.includes(`:${periodStart}:`))).toEqual([]);
        } else {
          // Granted once for the period Stripe is in now, with the plan it holds now.
          expect(tokens.plan.id).toBe(planId);
          expect(grants.filter((reference) => reference.includes(`:${periodStart}:`))).toEqual([
            `sub:${buyer.subscriptionId}:${periodStart}:${planId}`,
          ]);
        }
        // Never two grants with one reference, and the ledger adds up to the balance.
        expect(new Set(grants).size).toBe(grants.length);
        await ledgerMatchesBalance(buyer.userId, buyer.token);
        const overview = (await call('GET', '/api/billing', buyer.token)).json();
        expect(overview.subscription.status).toBe(state.status);
      }
    },
  );
});
