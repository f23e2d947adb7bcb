import { mergeMetadata } from './form';
import {
  addInterval,
  type CheckoutSessionObject,
  type Metadata,
  nowSeconds,
  paramError,
  randomId,
  StripeApiError,
  type SubscriptionObject,
} from './objects';
import type { Store } from './store';
import type { Catalogue } from './customers-and-prices';
import type { Subscriptions } from './subscriptions';

/** Checkout Sessions in subscription mode, and paying one: the subscription (trialing when asked), its first invoice, the session complete. */
export function createCheckout(
  store: Store,
  catalogueRoom: Catalogue,
  subscriptionsRoom: Subscriptions,
) {
  const {
    customers,
    prices,
    sessions,
    sessionExtras,
    subscriptions,
    find,
    renderPrice,
    planOf,
    emit,
  } = store;
  const { createCustomer } = catalogueRoom;
  const { newInvoice } = subscriptionsRoom;
  const state = store.state;
  // -- Checkout

  function createCheckoutSession(params: Record<string, unknown>): CheckoutSessionObject {
    if (params.mode !== 'subscription') {
      throw paramError('This test server supports mode=subscription only.', 'mode');
    }
    const customerId = (params.customer as string | null | undefined) ?? null;
    const customerEmail = (params.customer_email as string | null | undefined) ?? null;
    if (customerId && customerEmail) {
      throw paramError(
        'You may only specify one of these parameters: customer, customer_email.',
        'customer_email',
      );
    }
    if (customerId) find(customers, 'customer', customerId, 'customer', 400);
    const lineItems =
      (params.line_items as { price?: string; quantity?: number }[] | undefined) ?? [];
    if (lineItems.length === 0) {
      throw paramError('`line_items` is required in `subscription` mode.', 'line_items');
    }
    let amount = 0;
    let currency = 'usd';
    const items = lineItems.map((item, index) => {
      const param = `line_items[${index}][price]`;
      if (!item.price)
        throw paramError(`Missing required param: ${param}.`, param, 'parameter_missing');
      const price = find(prices, 'price', item.price, param, 400);
      if (!price.active) {
        throw paramError(
          'The price specified is inactive. This field only accepts active prices.',
          param,
        );
      }
      if (!price.recurring) {
        throw paramError(
          'You must specify at least one recurring price in `subscription` mode when using prices.',
          param,
        );
      }
      const quantity = item.quantity ?? 1;
      amount += price.unit_amount * quantity;
      currency = price.currency;
      return { price: price.id, quantity };
    });
    const subscriptionData =
      (params.subscription_data as
        { trial_period_days?: number; metadata?: Metadata; description?: string } | undefined) ??
      {};
    const trialDays = subscriptionData.trial_period_days ?? null;
    if (trialDays !== null && trialDays < 1) {
      throw paramError(
        'The trial period must be at least 1 day.',
        'subscription_data[trial_period_days]',
      );
    }
    const id = randomId('cs_test', 58);
    const created = nowSeconds();
    const session: CheckoutSessionObject = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: (params.allow_promotion_codes as boolean | undefined) ?? null,
      amount_subtotal: trialDays ? 0 : amount,
      amount_total: trialDays ? 0 : amount,
      billing_address_collection: (params.billing_address_collection as string | undefined) ?? null,
      cancel_url: (params.cancel_url as string | null | undefined) ?? null,
      client_reference_id: (params.client_reference_id as string | null | undefined) ?? null,
      created,
      currency,
      customer: customerId,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email: customerEmail,
      expires_at: created + 24 * 60 * 60,
      invoice: null,
      livemode: false,
      locale: (params.locale as string | undefined) ?? null,
      metadata: mergeMetadata({}, params.metadata as Metadata | undefined),
      mode: 'subscription',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      setup_intent: null,
      status: 'open',
      subscription: null,
      success_url: params.success_url as string,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${state.baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
    sessionExtras.set(id, {
      lineItems: items,
      trialDays,
      subscriptionMetadata: mergeMetadata({}, subscriptionData.metadata),
    });
    return session;
  }

  async function paySession(id: string): Promise<string> {
    const session = find(sessions, 'checkout session', id);
    const extras = sessionExtras.get(id)!;
    if (session.status !== 'open') {
      throw new StripeApiError(
        409,
        `This Checkout Session is ${session.status}; it can be paid only once.`,
      );
    }
    let customer = session.customer ? customers.get(session.customer) : undefined;
    if (!customer) customer = createCustomer({ email: session.customer_email });
    const now = nowSeconds();
    const line = extras.lineItems[0]!;
    const price = prices.get(line.price)!;
    const interval = price.recurring?.interval ?? 'month';
    const intervalCount = price.recurring?.interval_count ?? 1;
    const trialEnd = extras.trialDays ? now + extras.trialDays * 24 * 60 * 60 : null;
    const periodEnd = trialEnd ?? addInterval(now, interval, intervalCount);
    const subscriptionId = randomId('sub');
    const subscription: SubscriptionObject = {
      id: subscriptionId,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: periodEnd === trialEnd ? trialEnd : now,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: [
          {
            id: randomId('si', 14),
            object: 'subscription_item',
            billing_thresholds: null,
            created: now,
            current_period_end: periodEnd,
            current_period_start: now,
            discounts: [],
            metadata: {},
            plan: planOf(price),
            price: renderPrice(price),
            quantity: line.quantity,
            subscription: subscriptionId,
            tax_rates: [],
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...extras.subscriptionMetadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: trialEnd ? 'trialing' : 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? now : null,
    };
    subscriptions.set(subscriptionId, subscription);
    const invoice = newInvoice(
      subscription,
      'subscription_create',
      now,
      periodEnd,
      true,
      !!trialEnd,
    );
    session.status = 'complete';
    session.payment_status = invoice.amount_paid > 0 ? 'paid' : 'no_payment_required';
    session.customer = customer.id;
    session.customer_details = {
      address: null,
      email: customer.email,
      name: customer.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    session.subscription = subscriptionId;
    session.invoice = invoice.id;
    session.url = null;
    void emit('checkout.session.completed', session);
    void emit('customer.subscription.created', subscription);
    await emit('invoice.paid', invoice);
    return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  return { createCheckoutSession, paySession };
}

export type Checkout = ReturnType<typeof createCheckout>;
