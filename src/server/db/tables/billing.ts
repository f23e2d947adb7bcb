export type BillingProvider = 'stripe' | 'demo';
export type SubscriptionStatusColumn =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused';

export interface BillingCustomersTable {
  user_id: string;
  provider: BillingProvider;
  customer_id: string;
  trial_used_at: string | null;
  created_at: string;
}

/** A subscription as last read from its provider; `cancel_at_period_end` is 0 or 1. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: BillingProvider;
  customer_id: string;
  plan_id: string;
  status: SubscriptionStatusColumn;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  cancel_at_period_end: number;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One allowance billing granted: per subscription, billing period and plan (decision 0101). */
export interface BillingGrantsTable {
  subscription_id: string;
  /** The period's start as the provider reported it (ISO); a key, not compared as a time. */
  period_start: string;
  plan_id: string;
  user_id: string;
  created_at: string;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  processed_at: string;
}

export interface DemoCheckoutSessionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  trial_days: number;
  status: 'open' | 'complete' | 'expired';
  subscription_id: string | null;
  created_at: string;
}

export interface DemoSubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  status: SubscriptionStatusColumn;
  current_period_start: string;
  current_period_end: string;
  trial_end: string | null;
  cancel_at_period_end: number;
  ended_at: string | null;
  created_at: string;
}
