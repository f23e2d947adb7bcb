import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '../../../shared/billing';
import {
  describeNextCharge,
  describeSubscriptionStatus,
  isLiveSubscription,
} from './billing-status';

type Subscription = NonNullable<BillingOverview['subscription']>;

const base: Subscription = {
  planId: 'standard-month',
  planName: 'Standard',
  status: 'active',
  renewsAt: '2027-03-05T12:00:00.000Z',
  amountCents: 2900,
  trialEndsAt: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2027-03-05T12:00:00.000Z',
};

describe('subscription status in words', () => {
  it('names each state the account page shows', () => {
    expect(describeSubscriptionStatus(null)).toBe('Free plan');
    expect(describeSubscriptionStatus(base)).toBe('Active');
    expect(
      describeSubscriptionStatus({
        ...base,
        status: 'trialing',
        trialEndsAt: '2027-02-10T12:00:00.000Z',
      }),
    ).toBe('Free trial until February 10, 2027');
    expect(describeSubscriptionStatus({ ...base, cancelAtPeriodEnd: true })).toBe(
      'Cancels on March 5, 2027',
    );
    expect(describeSubscriptionStatus({ ...base, status: 'past_due' })).toBe(
      'Payment failed: update your card',
    );
    expect(describeSubscriptionStatus({ ...base, status: 'unpaid' })).toBe(
      'Payment failed: update your card',
    );
    expect(describeSubscriptionStatus({ ...base, status: 'canceled' })).toBe('Ended');
  });

  it('says when a trial that will not continue ends', () => {
    expect(
      describeSubscriptionStatus({
        ...base,
        status: 'trialing',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: '2027-02-10T12:00:00.000Z',
      }),
    ).toBe('Cancels on February 10, 2027');
  });
});

describe('next charge in words', () => {
  it('gives the renewal date and amount', () => {
    expect(describeNextCharge(base)).toBe('Renews on March 5, 2027 for $29');
    expect(describeNextCharge({ ...base, amountCents: 11000, planName: 'Standard Pro' })).toBe(
      'Renews on March 5, 2027 for $110',
    );
  });

  it('calls the end of a trial the first payment', () => {
    expect(describeNextCharge({ ...base, status: 'trialing' })).toBe(
      'First payment on March 5, 2027: $29',
    );
  });

  it('says nothing when nothing will be charged', () => {
    expect(describeNextCharge(null)).toBeNull();
    expect(describeNextCharge({ ...base, cancelAtPeriodEnd: true })).toBeNull();
    expect(describeNextCharge({ ...base, renewsAt: null })).toBeNull();
    expect(describeNextCharge({ ...base, status: 'canceled' })).toBeNull();
  });
});

describe('live subscriptions', () => {
  it('counts a plan held, even unpaid, and not an ended one', () => {
    expect(isLiveSubscription(null)).toBe(false);
    expect(isLiveSubscription(base)).toBe(true);
    expect(isLiveSubscription({ ...base, status: 'past_due' })).toBe(true);
    expect(isLiveSubscription({ ...base, status: 'canceled' })).toBe(false);
    expect(isLiveSubscription({ ...base, status: 'incomplete_expired' })).toBe(false);
  });
});
