import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingOverviewSchema,
  checkoutRequestSchema,
  confirmRequestSchema,
  confirmResponseSchema,
  redirectResponseSchema,
} from '../../../shared/billing.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { signedIn, type Authenticate } from '../auth/authenticate.js';
import type { BillingService } from './service.js';

const tags = ['billing'];
const security = [{ bearer: [] }];

/**
 * Billing: the account page's section, checkout, confirming a checkout on return, the portal,
 * and Stripe's webhook (signed, on the raw body; no session).
 */
export function billingRoutes({
  billing,
  authenticate,
}: {
  billing: BillingService;
  authenticate: Authenticate;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(async (plain) => {
      const signedInScope = plain.withTypeProvider<ZodTypeProvider>();
      signedInScope.addHook('onRequest', authenticate);
      signedInScope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });

      signedInScope.get(
        '',
        {
          schema: {
            tags,
            security,
            summary: 'Plan, subscription status, renewal and whether the trial is still offered',
            response: { 200: billingOverviewSchema },
          },
        },
        async (request) => billing.overview(signedIn(request).user.id),
      );

      signedInScope.post(
        '/checkout',
        {
          schema: {
            tags,
            security,
            summary: 'Start buying a paid plan: where to send the browser',
            description:
              'The plan is priced from the catalogue. The answer is the hosted checkout (or the demo ' +
              'checkout when no payment provider is configured); for someone whose subscription still ' +
              'stands, the billing portal, to switch plans there. 503 billing.unavailable when the ' +
              'provider cannot be reached.',
            body: checkoutRequestSchema,
            response: { 200: redirectResponseSchema, 400: errorBodySchema, 503: errorBodySchema },
          },
        },
        async (request) => {
          const { user } = signedIn(request);
          return billing.startCheckout(user, request.body.planId);
        },
      );

      signedInScope.post(
        '/confirm',
        {
          schema: {
            tags,
            security,
            summary: 'Confirm a checkout the browser came back from',
            description:
              'Re-reads the checkout session and its subscription from the provider and applies ' +
              'them. `confirmed` is false while the payment is not complete; ask again. 404 ' +
              'billing.session_not_found for a session that is not this person’s.',
            body: confirmRequestSchema,
            response: { 200: confirmResponseSchema, 404: errorBodySchema },
          },
        },
        async (request) => billing.confirm(signedIn(request).user.id, request.body.sessionId),
      );

      signedInScope.post(
        '/portal',
        {
          schema: {
            tags,
            security,
            summary: 'Open the billing portal: cancel, change card, switch plan, invoices',
            response: { 200: redirectResponseSchema, 409: errorBodySchema },
          },
        },
        async (request) => billing.portal(signedIn(request).user.id),
      );
    });

    await app.register(async (plain) => {
      const webhookScope = plain.withTypeProvider<ZodTypeProvider>();
      // The signature covers the exact bytes sent: the body is kept raw, never re-serialised.
      webhookScope.removeAllContentTypeParsers();
      webhookScope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer' },
        (_request, body, done) => done(null, body),
      );
      webhookScope.post(
        '/webhook',
        {
          schema: {
            tags,
            summary: 'Stripe events (signed)',
            description:
              'Checked against the Stripe-Signature header with a tolerance of five minutes; each ' +
              'event id is applied once. Unknown event types are acknowledged. 400 ' +
              'billing.webhook_invalid for a missing, forged or old signature.',
            headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
            response: { 200: z.object({ received: z.literal(true) }), 400: errorBodySchema },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          await billing.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
          return { received: true as const };
        },
      );
    });
  };
}
