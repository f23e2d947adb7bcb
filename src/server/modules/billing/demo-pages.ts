import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findPlan, describeInterval } from '../../../shared/plans.js';
import { formatMoney } from '../../../shared/money.js';
import { checkoutSessionIdSchema } from '../../../shared/billing.js';
import type { Config } from '../../config.js';
import { escapeHtml } from '../../html.js';
import { assertSameOrigin } from '../../http/same-origin.js';
import type { DemoCheckout } from './demo-gateway.js';
import type { BillingService } from './service.js';

const title = 'Demo checkout — no card is charged';

const stylesheet = `
:root { color-scheme: light; }
body { margin: 0; padding: 0 1rem; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #14213d; background: #f4f6fa; }
main { max-width: 30rem; margin: 3rem auto; box-sizing: border-box; padding: 2rem 1.5rem; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgb(20 33 61 / 10%); }
.demo-note { margin: 0 0 1.5rem; padding: .75rem 1rem; background: #fff4d6; border: 1px solid #8a5a00; border-radius: 8px; color: #4d3300; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1.5rem; }
dt { font-weight: 600; }
dd { margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; }
button, .link-button { font: inherit; padding: .6rem 1.4rem; border-radius: 8px; border: 2px solid #1d4e9e; cursor: pointer; text-decoration: none; }
button.primary { background: #1d4e9e; color: #fff; }
button.secondary, .link-button { background: #fff; color: #1d4e9e; }
button:focus-visible, a:focus-visible { outline: 3px solid #e3b341; outline-offset: 2px; }
`;

function page(heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/billing/demo/demo.css">
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p class="demo-note" role="note">This is a demonstration. No card is asked for and nothing is charged.</p>
${body}
</main>
</body>
</html>`;
}

const dateInWords = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/**
 * The demo checkout's pages, in the place of Stripe's hosted checkout and portal when no Stripe
 * keys are set. Pay starts the subscription and is then fulfilled through the same service call
 * a verified webhook makes. Plain HTML forms: they work without the web app's scripts.
 */
export function demoPages({
  config,
  billing,
  demo,
  documentHeaders,
}: {
  config: Config;
  billing: BillingService;
  demo: DemoCheckout;
  documentHeaders: Record<string, string>;
}): FastifyPluginAsyncZod {
  const publicUrl = config.site.publicUrl;
  return async (app) => {
    // The forms post no fields: the session or customer in the path is all there is.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    app.addHook('onRequest', async (_request, reply) => {
      reply
        .headers(documentHeaders)
        .header('cache-control', 'no-store')
        // With no-referrer, Chromium sends "Origin: null" on a form post; same-origin keeps the
        // origin for our own posts (checked below) and still tells other sites nothing.
        .header('referrer-policy', 'same-origin');
    });

    app.get('/demo.css', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(stylesheet),
    );

    const sessionParams = z.object({ id: checkoutSessionIdSchema });
    const customerParams = z.object({ customer: checkoutSessionIdSchema });

    app.get(
      '/checkout/:id',
      { schema: { hide: true, params: sessionParams } },
      async (request, reply) => {
        const session = await demo.findSession(request.params.id);
        const plan = session && findPlan(session.plan_id);
        reply.type('text/html; charset=utf-8');
        if (!session || !plan) {
          return reply
            .status(404)
            .send(page('Checkout not found', `<p><a href="/pricing">Back to the plans</a></p>`));
        }
        if (session.status === 'expired') {
          return reply.send(
            page(
              title,
              `<p>This checkout has expired: a newer one replaced it.</p><p><a href="/pricing">Back to the plans</a></p>`,
            ),
          );
        }
        if (session.status !== 'open') {
          return reply.send(
            page(
              title,
              `<p>This checkout is complete.</p><p><a href="/chatbot">Go to the assistant</a></p>`,
            ),
          );
        }
        const price = `${formatMoney(plan.priceCents)} ${describeInterval(plan.interval)}`;
        const trial =
          session.trial_days > 0
            ? `<dt>Free trial</dt><dd>${session.trial_days} days, then ${escapeHtml(price)}</dd>`
            : '';
        const action = `/billing/demo/checkout/${encodeURIComponent(session.id)}`;
        return reply.send(
          page(
            title,
            `<dl><dt>Plan</dt><dd>${escapeHtml(plan.name)}</dd><dt>Price</dt><dd>${escapeHtml(price)}</dd>${trial}</dl>
<div class="actions">
<form method="post" action="${action}/pay"><button class="primary" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="secondary" type="submit">Cancel</button></form>
</div>`,
          ),
        );
      },
    );

    app.post(
      '/checkout/:id/pay',
      { schema: { hide: true, params: sessionParams } },
      async (request, reply) => {
        assertSameOrigin(config, request);
        const subscriptionId = await demo.pay(request.params.id);
        if (!subscriptionId) {
          return reply.redirect('/pricing?checkout=cancelled', 303);
        }
        await billing.refresh(subscriptionId);
        const id = encodeURIComponent(request.params.id);
        return reply.redirect(`${publicUrl}/chatbot?checkout=success&session_id=${id}`, 303);
      },
    );

    app.post(
      '/checkout/:id/cancel',
      { schema: { hide: true, params: sessionParams } },
      async (request, reply) => {
        assertSameOrigin(config, request);
        return reply.redirect(`${publicUrl}/pricing?checkout=cancelled`, 303);
      },
    );

    app.get(
      '/portal/:customer',
      { schema: { hide: true, params: customerParams } },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const subscription = await demo.subscriptionOf(request.params.customer);
        const plan = subscription?.planId ? findPlan(subscription.planId) : undefined;
        if (!subscription || !plan) {
          return reply
            .status(404)
            .send(page('Billing not found', `<p><a href="/account">Back to your account</a></p>`));
        }
        const live = subscription.status === 'trialing' || subscription.status === 'active';
        const state = !live
          ? 'Ended'
          : subscription.cancelAtPeriodEnd
            ? `Cancels on ${dateInWords(subscription.currentPeriodEnd)}`
            : `Renews on ${dateInWords(subscription.currentPeriodEnd)}`;
        const cancel =
          live && !subscription.cancelAtPeriodEnd
            ? `<form method="post" action="/billing/demo/portal/${encodeURIComponent(request.params.customer)}/cancel"><button class="secondary" type="submit">Cancel plan</button></form>`
            : '';
        return reply.send(
          page(
            'Demo billing — no card is charged',
            `<dl><dt>Plan</dt><dd>${escapeHtml(plan.name)}</dd><dt>Status</dt><dd>${escapeHtml(state)}</dd></dl>
<div class="actions">${cancel}<a class="link-button" href="/account">Return to Lexwise</a></div>`,
          ),
        );
      },
    );

    app.post(
      '/portal/:customer/cancel',
      { schema: { hide: true, params: customerParams } },
      async (request, reply) => {
        assertSameOrigin(config, request);
        const subscription = await demo.subscriptionOf(request.params.customer);
        if (subscription) {
          await demo.cancelAtPeriodEnd(subscription.id);
          await billing.refresh(subscription.id);
        }
        return reply.redirect(
          `/billing/demo/portal/${encodeURIComponent(request.params.customer)}`,
          303,
        );
      },
    );
  };
}
