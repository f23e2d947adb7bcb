import { type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from '../read-body';
import { escapeHtml, formatAmount, formatDate, redirect, sendHtml } from './responses';
import type { Store } from './store';
import type { Subscriptions } from './subscriptions';

/** The hosted pages a browser sees: the checkout page with Pay, and the customer portal with Cancel and Renew. */
export function createPages(store: Store, subscriptionsRoom: Subscriptions) {
  const {
    products,
    prices,
    sessions,
    sessionExtras,
    subscriptions,
    portalSessions,
    render,
    emit,
    changes,
  } = store;
  const { setCancelAtPeriodEnd } = subscriptionsRoom;
  // -- Hosted pages

  function checkoutPage(response: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session)
      return sendHtml(response, 404, 'Fake Stripe checkout', '<h1>Session not found</h1>');
    const extras = sessionExtras.get(id)!;
    const price = prices.get(extras.lineItems[0]!.price)!;
    const product = products.get(price.product);
    const amount = formatAmount(price.unit_amount, price.currency);
    const per = price.recurring ? ` / ${price.recurring.interval}` : '';
    const terms = extras.trialDays
      ? `${extras.trialDays} days free, then ${amount}${per}`
      : `${amount}${per}`;
    if (session.status !== 'open') {
      return sendHtml(
        response,
        200,
        'Fake Stripe checkout',
        `<h1>Fake Stripe checkout</h1><p>This checkout session is ${escapeHtml(session.status)}.</p>`,
      );
    }
    sendHtml(
      response,
      200,
      'Fake Stripe checkout',
      `<h1>Fake Stripe checkout</h1>
<p class="product">${escapeHtml(product?.name ?? 'Subscription')}${price.nickname ? ` — ${escapeHtml(price.nickname)}` : ''}</p>
<p class="amount" data-amount="${price.unit_amount}">${escapeHtml(terms)}</p>
<p>Due today: ${escapeHtml(formatAmount(session.amount_total as number, price.currency))}</p>
<form method="post" action="/c/pay/${escapeHtml(id)}"><button type="submit">Pay</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''}`,
    );
  }

  function portalPage(response: ServerResponse, id: string) {
    const session = portalSessions.get(id);
    if (!session)
      return sendHtml(response, 404, 'Fake Stripe portal', '<h1>Session not found</h1>');
    const rows = [...subscriptions.values()]
      .filter((s) => s.customer === session.customer && s.status !== 'canceled')
      .map((s) => {
        const item = s.items.data[0]!;
        const price = prices.get(item.price.id) ?? item.price;
        const product = products.get(price.product);
        const action = s.cancel_at_period_end ? 'renew' : 'cancel';
        return `<li data-subscription="${escapeHtml(s.id)}">
<p>${escapeHtml(product?.name ?? 'Subscription')}: ${escapeHtml(formatAmount(price.unit_amount, price.currency))} / ${escapeHtml(price.recurring?.interval ?? 'month')} (${escapeHtml(s.status)})</p>
<p>${s.cancel_at_period_end ? 'Cancels on' : 'Renews on'} ${formatDate(item.current_period_end)}</p>
<form method="post" action="/p/session/${escapeHtml(id)}/${action}"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button type="submit">${action === 'cancel' ? 'Cancel plan' : 'Renew plan'}</button></form>
</li>`;
      });
    sendHtml(
      response,
      200,
      'Fake Stripe portal',
      `<h1>Fake Stripe customer portal</h1>
${rows.length > 0 ? `<ul>${rows.join('')}</ul>` : '<p>No subscriptions.</p>'}
${session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return</a></p>` : ''}`,
    );
  }

  async function portalAction(
    request: IncomingMessage,
    response: ServerResponse,
    id: string,
    cancel: boolean,
  ) {
    const session = portalSessions.get(id);
    const form = new URLSearchParams(await readBody(request));
    const subscription = subscriptions.get(form.get('subscription') ?? '');
    if (!session || !subscription || subscription.customer !== session.customer) {
      return sendHtml(response, 404, 'Fake Stripe portal', '<h1>Subscription not found</h1>');
    }
    if (subscription.status !== 'canceled' && subscription.cancel_at_period_end !== cancel) {
      const before = render(subscription);
      setCancelAtPeriodEnd(subscription, cancel);
      await emit('customer.subscription.updated', subscription, changes(before, subscription));
    }
    redirect(response, `/p/session/${id}`);
  }

  return { checkoutPage, portalPage, portalAction };
}

export type Pages = ReturnType<typeof createPages>;
