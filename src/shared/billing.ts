/** The billing API contract, shared by the server's routes and the web app. */
import { z } from 'zod';
import { plans, type PlanId } from './plans.js';

export { billingErrorCodes, billingMessages } from './billing-messages.js';

const paidPlanIds = plans.filter((plan) => plan.priceCents > 0).map((plan) => plan.id) as [
  PlanId,
  ...PlanId[],
];

/** The browser names a paid plan; the server prices it from the catalogue. */
export const checkoutRequestSchema = z.object({ planId: z.enum(paidPlanIds) });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Where to send the browser: the hosted checkout, the demo checkout, or the portal. */
export const redirectResponseSchema = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/** Stripe's checkout session ids (`cs_…`) and the demo's (`demo_cs_…`): letters, digits, `_`. */
export const checkoutSessionIdSchema = z
  .string()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/);

export const confirmRequestSchema = z.object({ sessionId: checkoutSessionIdSchema });

export const subscriptionStatuses = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The account page's billing section. */
export const billingOverviewSchema = z.object({
  /** Which checkout is live: Stripe, or the local demo where no card is charged. */
  provider: z.enum(['stripe', 'demo']),
  /** The plan the person's tokens come from now (Free when there is no subscription). */
  plan: z.object({ id: z.string(), name: z.string(), tier: z.string() }),
  subscription: z
    .object({
      planId: z.string(),
      planName: z.string(),
      status: z.enum(subscriptionStatuses),
      /** What the next invoice will be, in cents, and when; null when it will not renew. */
      renewsAt: z.string().nullable(),
      amountCents: z.number().int(),
      trialEndsAt: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.string(),
    })
    .nullable(),
  /** The 5-day trial is offered once per person. */
  trialAvailable: z.boolean(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** What confirming a checkout session found. */
export const confirmResponseSchema = z.object({
  /** True once the subscription is recorded and its allowance granted. */
  confirmed: z.boolean(),
  plan: z.object({ id: z.string(), name: z.string(), tier: z.string() }),
});
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;
