import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../../../../test/fakes/stripe-server';
import { plans } from '../../../shared/plans';
import { syncStripeCatalogue } from './stripe-catalogue';

let fake: StripeFake;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const keys = [
  'lexwise_standard_month',
  'lexwise_premium_month',
  'lexwise_standard_year',
  'lexwise_premium_year',
];

describe('syncStripeCatalogue', () => {
  it('creates a product per paid tier and a price per paid plan, then changes nothing', async () => {
    const lines: string[] = [];
    const first = await syncStripeCatalogue(stripe, (line) => lines.push(line));
    expect(first.map((l) => [l.planId, l.lookupKey, l.change])).toEqual([
      ['standard-month', 'lexwise_standard_month', 'created'],
      ['premium-month', 'lexwise_premium_month', 'created'],
      ['standard-year', 'lexwise_standard_year', 'created'],
      ['premium-year', 'lexwise_premium_year', 'created'],
    ]);
    expect(lines[0]).toMatch(/^standard-month\s+lexwise_standard_month\s+price_\w+\s+created$/);

    const prices = await stripe.prices.list({ lookup_keys: keys, expand: ['data.product'] });
    expect(prices.data).toHaveLength(4);
    const standardYear = prices.data.find((p) => p.lookup_key === 'lexwise_standard_year')!;
    expect(standardYear.unit_amount).toBe(11000);
    expect(standardYear.currency).toBe('usd');
    expect(standardYear.recurring?.interval).toBe('year');
    const tiers = new Map(
      prices.data.map((p) => {
        const product = p.product as Stripe.Product;
        return [product.id, product.metadata.lexwise_tier];
      }),
    );
    expect([...tiers.values()].sort()).toEqual(['premium', 'standard']);

    const second = await syncStripeCatalogue(stripe, () => {});
    expect(second.map((l) => l.change)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    expect(second.map((l) => l.priceId)).toEqual(first.map((l) => l.priceId));
    expect((await stripe.prices.list({ limit: 100 })).data).toHaveLength(4);
  });

  it('a changed amount replaces that price and moves its lookup key', async () => {
    const first = await syncStripeCatalogue(stripe, () => {});
    const raised = plans.map((plan) =>
      plan.id === 'premium-month' ? { ...plan, priceCents: 12900 } : plan,
    );
    const second = await syncStripeCatalogue(stripe, () => {}, { plans: raised });
    expect(second.map((l) => l.change)).toEqual([
      'unchanged',
      'replaced',
      'unchanged',
      'unchanged',
    ]);

    const oldId = first[1]!.priceId;
    const newId = second[1]!.priceId;
    expect(newId).not.toBe(oldId);
    const old = await stripe.prices.retrieve(oldId);
    expect(old.active).toBe(false);
    expect(old.lookup_key).toBeNull();
    const found = await stripe.prices.list({ lookup_keys: ['lexwise_premium_month'] });
    expect(found.data.map((p) => [p.id, p.unit_amount])).toEqual([[newId, 12900]]);
    expect((await stripe.prices.retrieve(newId)).product).toBe(old.product);
  });
});
