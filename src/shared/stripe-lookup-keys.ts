/**
 * Stripe prices are found by lookup key, never by id: `scripts/stripe-sync.ts` puts each paid
 * plan's price under `lexwise_<plan id with - as _>` (e.g. `lexwise_standard_month`), and the
 * billing module asks Stripe for the price of a plan, or the plan of a price, through these keys.
 */
import { isPaidPlan, plans, type PlanId } from './plans.js';

const prefix = 'lexwise_';

/** The lookup key of the plan's Stripe price, e.g. `lexwise_standard_month`. */
export function lookupKeyFor(planId: PlanId): string {
  return `${prefix}${planId.replaceAll('-', '_')}`;
}

/** The paid plan whose price carries this lookup key, or undefined (free plans have no price). */
export function planIdForLookupKey(key: string): PlanId | undefined {
  return plans.find((plan) => isPaidPlan(plan) && lookupKeyFor(plan.id) === key)?.id;
}
