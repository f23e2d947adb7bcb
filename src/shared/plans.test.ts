import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import {
  describeAllowance,
  findPlan,
  isPaidPlan,
  plans,
  plansFor,
  trialDays,
  type BillingInterval,
} from './plans';

describe('the plan catalogue', () => {
  it.each<[BillingInterval, string[], number[]]>([
    ['month', ['Free', 'Standard', 'Premium'], [0, 2900, 11900]],
    ['year', ['Free', 'Standard Pro', 'Premium Pro'], [0, 11000, 30000]],
  ])('lists the %s plans with the spec’s names and prices in cents', (interval, names, prices) => {
    const shown = plansFor(interval);
    expect(shown.map((plan) => plan.name)).toEqual(names);
    expect(shown.map((plan) => plan.priceCents)).toEqual(prices);
    expect(shown.map((plan) => plan.buttonLabel)).toEqual([
      'Start for Free',
      'Choose Plan',
      'Choose Plan',
    ]);
    expect(shown.filter((plan) => plan.popular)).toHaveLength(1);
  });

  it('gives each plan a unique id that findPlan resolves, and nothing else', () => {
    const ids = plans.map((plan) => plan.id);
    expect(new Set(ids).size).toBe(plans.length);
    for (const plan of plans) expect(findPlan(plan.id)).toBe(plan);
    expect(findPlan('gold-month')).toBeUndefined();
    expect(findPlan('')).toBeUndefined();
  });

  it('grants Free 25,000 tokens a day, Standard 500,000 a month, Premium fair use', () => {
    for (const interval of ['month', 'year'] as const) {
      const [free, standard, premium] = plansFor(interval);
      expect(free?.allowance).toEqual({ kind: 'daily', tokens: 25_000 });
      expect(standard?.allowance).toEqual({ kind: 'monthly', tokens: 500_000 });
      expect(premium?.allowance).toEqual({ kind: 'fair-use' });
    }
    expect(describeAllowance({ kind: 'daily', tokens: 25_000 })).toBe('25,000 tokens a day');
    expect(describeAllowance({ kind: 'monthly', tokens: 500_000 })).toBe('500,000 tokens a month');
  });

  it('offers the trial on paid plans only', () => {
    for (const plan of plans) {
      expect(plan.trialDays).toBe(isPaidPlan(plan) ? trialDays : 0);
    }
  });

  it('makes no claim of the writing tool the spec was copied from', () => {
    const bullets = plans.flatMap((plan) => plan.features).join('\n');
    expect(bullets).not.toMatch(/writing tools|copywriting|blog post wizard|languages/i);
    for (const plan of plans) expect(plan.features[0]).toMatch(/tokens/i);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$0'],
    [2900, '$29'],
    [11900, '$119'],
    [11000, '$110'],
    [30000, '$300'],
    [2950, '$29.50'],
    [5, '$0.05'],
    [123400, '$1,234'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => formatMoney(29.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});
