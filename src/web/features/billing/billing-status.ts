import type { BillingOverview, SubscriptionStatus } from '../../../shared/billing';
import { formatMoney } from '../../../shared/money';

type Subscription = NonNullable<BillingOverview['subscription']>;

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "March 5, 2027"; dates come from the server as ISO strings. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** Statuses under which the person still holds the plan (and checkout leads to the portal). */
const liveStatuses: readonly SubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
];

export function isLiveSubscription(subscription: BillingOverview['subscription']): boolean {
  return subscription !== null && liveStatuses.includes(subscription.status);
}

/** The subscription's state in words, as the account page shows it. */
export function describeSubscriptionStatus(subscription: Subscription | null): string {
  if (!subscription) return 'Free plan';
  const { status, cancelAtPeriodEnd, currentPeriodEnd, trialEndsAt } = subscription;
  if (cancelAtPeriodEnd && (status === 'active' || status === 'trialing')) {
    return `Cancels on ${formatLongDate(currentPeriodEnd)}`;
  }
  switch (status) {
    case 'trialing':
      return `Free trial until ${formatLongDate(trialEndsAt ?? currentPeriodEnd)}`;
    case 'active':
      return 'Active';
    case 'past_due':
    case 'unpaid':
      return 'Payment failed: update your card';
    case 'incomplete':
      return 'Waiting for your first payment';
    case 'paused':
      return 'Paused';
    case 'canceled':
    case 'incomplete_expired':
      return 'Ended';
  }
}

/**
 * The next charge in words ("Renews on March 5, 2027 for $29"), or null when nothing will be
 * charged (the plan ends, or has ended).
 */
export function describeNextCharge(subscription: Subscription | null): string | null {
  if (!subscription || subscription.renewsAt === null || subscription.cancelAtPeriodEnd) {
    return null;
  }
  if (!isLiveSubscription(subscription)) return null;
  const date = formatLongDate(subscription.renewsAt);
  const amount = formatMoney(subscription.amountCents);
  return subscription.status === 'trialing'
    ? `First payment on ${date}: ${amount}`
    : `Renews on ${date} for ${amount}`;
}
