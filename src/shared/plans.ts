/**
 * The plan catalogue: the one source of plan names, prices, intervals, allowances, button labels
 * and feature bullets. The pricing page renders it, the checkout prices from it (the browser
 * sends only a plan id), and the token accounts grant from it. Change a plan here and nowhere else.
 *
 * Departures from the product spec (ARCHITECTURE.md section 6): prices are integers of cents,
 * Free and Standard grant different allowances, and the feature bullets describe this product.
 */

export type PlanTier = 'free' | 'standard' | 'premium';
export type BillingInterval = 'month' | 'year';
export type PlanId = `${PlanTier}-${BillingInterval}`;

/**
 * How many tokens a plan grants. Yearly plans grant their allowance monthly, so every paid
 * allowance is a monthly one whatever the billing interval.
 */
export type Allowance =
  | { kind: 'daily'; tokens: number }
  | { kind: 'monthly'; tokens: number }
  /** No fixed allowance; the server enforces a monthly fair-use ceiling set in its configuration. */
  | { kind: 'fair-use' };

export interface Plan {
  id: PlanId;
  tier: PlanTier;
  interval: BillingInterval;
  /** Shown on the card and at checkout. */
  name: string;
  /** What one billing interval costs, in cents (USD). */
  priceCents: number;
  allowance: Allowance;
  /** Days of free use before the first charge; 0 for the free plan. */
  trialDays: number;
  /** The card's button. */
  buttonLabel: string;
  /** Marks the plan most people choose. */
  popular: boolean;
  /** One sentence under the plan's name: who it is for. */
  description: string;
  /** The help people get from us, in a few words. */
  support: string;
  /** The card's bullets: each one true of this product. */
  features: readonly string[];
}

/** The marketing promises the pricing page repeats (product spec section 9). */
export const trialDays = 5;
export const yearlyDiscountPercent = 25;

export const freeDailyTokens = 25_000;
export const standardMonthlyTokens = 500_000;

const assistantFeatures = [
  'Legal information in plain language, with citations to our guides, written from official sources',
  'Answers that take your jurisdiction into account',
  'Your conversation history, kept until you delete it',
] as const;

const tiers: Record<
  PlanTier,
  Omit<Plan, 'id' | 'interval' | 'name' | 'priceCents' | 'allowance' | 'features'> & {
    allowanceBullet: string;
  }
> = {
  free: {
    tier: 'free',
    trialDays: 0,
    buttonLabel: 'Start for Free',
    popular: false,
    description: 'Try the assistant on everyday legal questions, with no card needed.',
    allowanceBullet: '25,000 tokens a day, renewed every day',
    support: 'Email support',
  },
  standard: {
    tier: 'standard',
    trialDays,
    buttonLabel: 'Choose Plan',
    popular: true,
    description: 'For working through a legal matter over several weeks.',
    allowanceBullet: '500,000 tokens a month',
    support: 'Email support, answered within two business days',
  },
  premium: {
    tier: 'premium',
    trialDays,
    buttonLabel: 'Choose Plan',
    popular: false,
    description: 'For heavy use: several matters at once, or a small business.',
    allowanceBullet: 'Unlimited tokens, under a fair-use limit',
    support: 'Priority email support, answered within one business day',
  },
};

function definePlan(
  tier: PlanTier,
  interval: BillingInterval,
  name: string,
  priceCents: number,
  allowance: Allowance,
): Plan {
  const { allowanceBullet, ...rest } = tiers[tier];
  return {
    ...rest,
    id: `${tier}-${interval}`,
    interval,
    name,
    priceCents,
    allowance,
    features: [allowanceBullet, ...assistantFeatures, rest.support],
  };
}

const freeAllowance: Allowance = { kind: 'daily', tokens: freeDailyTokens };
const standardAllowance: Allowance = { kind: 'monthly', tokens: standardMonthlyTokens };
const premiumAllowance: Allowance = { kind: 'fair-use' };

/** Every plan, monthly ones first, each interval in the order the cards show them. */
export const plans: readonly Plan[] = [
  definePlan('free', 'month', 'Free', 0, freeAllowance),
  definePlan('standard', 'month', 'Standard', 2900, standardAllowance),
  definePlan('premium', 'month', 'Premium', 11900, premiumAllowance),
  definePlan('free', 'year', 'Free', 0, freeAllowance),
  definePlan('standard', 'year', 'Standard Pro', 11000, standardAllowance),
  definePlan('premium', 'year', 'Premium Pro', 30000, premiumAllowance),
];

export const billingIntervals: readonly BillingInterval[] = ['month', 'year'];

/** The three plans of one billing interval, in card order. */
export function plansFor(interval: BillingInterval): Plan[] {
  return plans.filter((plan) => plan.interval === interval);
}

/** The plan with this id, or undefined: ids come from outside (a request, a stored row). */
export function findPlan(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** True for plans that cost money and so go through checkout. */
export function isPaidPlan(plan: Plan): boolean {
  return plan.priceCents > 0;
}

/** "a month" / "a year": how the cards and the table name an interval. */
export function describeInterval(interval: BillingInterval): string {
  return interval === 'month' ? 'a month' : 'a year';
}

/** The allowance in words, e.g. "25,000 tokens a day". */
export function describeAllowance(allowance: Allowance): string {
  switch (allowance.kind) {
    case 'daily':
      return `${allowance.tokens.toLocaleString('en-US')} tokens a day`;
    case 'monthly':
      return `${allowance.tokens.toLocaleString('en-US')} tokens a month`;
    case 'fair-use':
      return 'Unlimited, under a fair-use limit';
  }
}
