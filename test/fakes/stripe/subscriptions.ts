import { mergeMetadata } from './form';
import {
  addInterval,
  type InvoiceObject,
  type Metadata,
  nowSeconds,
  paramError,
  randomId,
  type SubscriptionObject,
} from './objects';
import { formatAmount } from './responses';
import type { Store } from './store';

/** Subscriptions and their invoices: updates (plan switches, cancel at period end), cancellation, and the end of a period (renewal paid or failed). */
export function createSubscriptions(store: Store) {
  const {
    customers,
    products,
    prices,
    subscriptions,
    invoices,
    missing,
    find,
    renderPrice,
    planOf,
    render,
    emit,
    changes,
  } = store;
  const state = store.state;
  function newInvoice(
    subscription: SubscriptionObject,
    reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
    periodStart: number,
    periodEnd: number,
    paid: boolean,
    trial: boolean,
  ): InvoiceObject {
    const customer = customers.get(subscription.customer);
    const item = subscription.items.data[0]!;
    const price = prices.get(item.price.id) ?? item.price;
    const product = products.get(price.product);
    const amount = trial ? 0 : price.unit_amount * item.quantity;
    const now = nowSeconds();
    const id = randomId('in');
    const description = trial
      ? `Trial period for ${product?.name ?? 'the product'}`
      : `${item.quantity} × ${product?.name ?? 'the product'} (at ${formatAmount(price.unit_amount, price.currency)} / ${price.recurring?.interval ?? 'month'})`;
    state.invoiceSequence++;
    const invoice: InvoiceObject = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Lexwise (test)',
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      amount_shipping: 0,
      attempt_count: 1,
      attempted: true,
      auto_advance: !paid,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      default_payment_method: null,
      description: null,
      discounts: [],
      due_date: null,
      effective_at: now,
      ending_balance: 0,
      hosted_invoice_url: `${state.baseUrl}/i/${id}`,
      invoice_pdf: null,
      lines: {
        object: 'list',
        data: [
          {
            id: randomId('il'),
            object: 'line_item',
            amount,
            currency: price.currency,
            description,
            discount_amounts: [],
            discountable: true,
            discounts: [],
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: { credited_items: null },
                subscription: subscription.id,
                subscription_item: item.id,
              },
            },
            period: { start: periodStart, end: periodEnd },
            pretax_credit_amounts: [],
            pricing: {
              type: 'price_details',
              price_details: { price: price.id, product: price.product },
              unit_amount_decimal: String(trial ? 0 : price.unit_amount),
            },
            quantity: item.quantity,
            subscription: subscription.id,
            subtotal: amount,
            taxes: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : now + 3 * 24 * 60 * 60,
      number: `${String(customer?.invoice_prefix ?? 'FAKE')}-${String(state.invoiceSequence).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          metadata: { ...subscription.metadata },
          subscription: subscription.id,
        },
      },
      // Stripe's invoice-level period is the one before the invoice (usage); the billed
      // period is on the line: lines.data[0].period.
      period_end: reason === 'subscription_cycle' ? periodStart : now,
      period_start: reason === 'subscription_cycle' ? item.current_period_start : now,
      starting_balance: 0,
      status: paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: now,
        marked_uncollectible_at: null,
        paid_at: paid ? now : null,
        voided_at: null,
      },
      subtotal: amount,
      subtotal_excluding_tax: amount,
      test_clock: null,
      total: amount,
      total_discount_amounts: [],
      total_excluding_tax: amount,
      total_taxes: [],
      webhooks_delivered_at: now,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  // -- Subscriptions

  function liveSubscription(id: string): SubscriptionObject {
    const subscription = find(subscriptions, 'subscription', id);
    if (subscription.status === 'canceled') {
      throw paramError(
        'A canceled subscription can only update its cancellation_details and metadata.',
        'id',
      );
    }
    return subscription;
  }

  function setCancelAtPeriodEnd(subscription: SubscriptionObject, cancel: boolean) {
    const item = subscription.items.data[0]!;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? item.current_period_end : null;
    subscription.canceled_at = cancel ? nowSeconds() : null;
    subscription.cancellation_details = {
      comment: null,
      feedback: null,
      reason: cancel ? 'cancellation_requested' : null,
    };
  }

  function updateSubscription(subscription: SubscriptionObject, params: Record<string, unknown>) {
    const before = render(subscription);
    const metadataUpdate = params.metadata as Metadata | null | undefined;
    if (subscription.status === 'canceled') {
      const others = Object.keys(params).filter((key) => !['metadata', 'expand'].includes(key));
      if (others.length > 0) {
        throw paramError(
          'A canceled subscription can only update its cancellation_details and metadata.',
          others[0]!,
        );
      }
    }
    let invoice: InvoiceObject | undefined;
    const itemUpdates =
      (params.items as { id?: string; price?: string; quantity?: number }[] | undefined) ?? [];
    for (const [index, update] of itemUpdates.entries()) {
      if (!update.id) {
        throw paramError(
          'Adding items is not supported by this test server.',
          `items[${index}][id]`,
        );
      }
      const item = subscription.items.data.find((candidate) => candidate.id === update.id);
      if (!item) throw missing('subscription item', update.id, `items[${index}][id]`, 400);
      if (update.price) {
        const price = find(prices, 'price', update.price, `items[${index}][price]`, 400);
        if (!price.active) {
          throw paramError(
            'The price specified is inactive. This field only accepts active prices.',
            `items[${index}][price]`,
          );
        }
        const oldInterval = item.price.recurring?.interval;
        item.price = renderPrice(price);
        item.plan = planOf(price);
        if (update.quantity) item.quantity = update.quantity;
        // A change of billing interval restarts the cycle now and bills the new price at once.
        if (price.recurring && price.recurring.interval !== oldInterval) {
          const now = nowSeconds();
          item.current_period_start = now;
          item.current_period_end = addInterval(
            now,
            price.recurring.interval,
            price.recurring.interval_count,
          );
          subscription.billing_cycle_anchor = now;
          if (subscription.status === 'trialing') {
            subscription.status = 'active';
            subscription.trial_end = now;
          }
          invoice = newInvoice(
            subscription,
            'subscription_update',
            now,
            item.current_period_end,
            true,
            false,
          );
        }
      } else if (update.quantity) {
        item.quantity = update.quantity;
      }
    }
    if (params.cancel_at_period_end !== undefined && params.cancel_at_period_end !== null) {
      setCancelAtPeriodEnd(subscription, params.cancel_at_period_end as boolean);
    }
    subscription.metadata = mergeMetadata(subscription.metadata, metadataUpdate);
    if (invoice) void emit('invoice.paid', invoice);
    const changed = changes(before, subscription);
    if (Object.keys(changed).length > 0) {
      void emit('customer.subscription.updated', subscription, changed);
    }
  }

  function cancelNow(subscription: SubscriptionObject, endedAt: number): Promise<void> {
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.ended_at = endedAt;
    subscription.canceled_at ??= now;
    subscription.cancel_at ??= null;
    if (!subscription.cancellation_details.reason) {
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        reason: 'cancellation_requested',
      };
    }
    return emit('customer.subscription.deleted', subscription);
  }

  /** The current period ends: renewal (paid or failed), or the end of a cancelling subscription. */
  async function endPeriod(id: string, paymentSucceeds: boolean): Promise<Record<string, unknown>> {
    const subscription = liveSubscription(id);
    const item = subscription.items.data[0]!;
    if (subscription.cancel_at_period_end) {
      await cancelNow(subscription, item.current_period_end);
      return render(subscription);
    }
    const before = render(subscription);
    if (subscription.status === 'past_due' && paymentSucceeds) {
      // The retried payment of the open invoice goes through.
      const open = subscription.latest_invoice
        ? invoices.get(subscription.latest_invoice)
        : undefined;
      if (open && open.status === 'open') {
        open.status = 'paid';
        open.amount_paid = open.amount_due;
        open.amount_remaining = 0;
        open.attempt_count++;
        open.next_payment_attempt = null;
        open.status_transitions.paid_at = nowSeconds();
        void emit('invoice.paid', open);
      }
      subscription.status = 'active';
      await emit('customer.subscription.updated', subscription, changes(before, subscription));
      return render(subscription);
    }
    const price = prices.get(item.price.id) ?? item.price;
    const start = item.current_period_end;
    const end = addInterval(
      start,
      price.recurring?.interval ?? 'month',
      price.recurring?.interval_count ?? 1,
    );
    const invoice = newInvoice(
      subscription,
      'subscription_cycle',
      start,
      end,
      paymentSucceeds,
      false,
    );
    item.current_period_start = start;
    item.current_period_end = end;
    subscription.status = paymentSucceeds ? 'active' : 'past_due';
    void emit(paymentSucceeds ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    await emit('customer.subscription.updated', subscription, changes(before, subscription));
    return render(subscription);
  }

  return {
    newInvoice,
    liveSubscription,
    setCancelAtPeriodEnd,
    updateSubscription,
    cancelNow,
    endPeriod,
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
