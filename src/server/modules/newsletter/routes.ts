import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../shared/auth.js';
import {
  newsletterMessages,
  newsletterSubscribeSchema,
  newsletterTokenSchema,
} from '../../../shared/newsletter.js';
import type { NewsletterService } from './service.js';

/** Newsletter with double opt-in: subscribe, confirm from the mail, unsubscribe from any mail. */
export const newsletterRoutes =
  ({ newsletter }: { newsletter: NewsletterService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/subscribe',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Ask for a confirmation email to subscribe an address',
          description:
            'Always answers the same, whether the address is new, pending or already subscribed.',
          body: newsletterSubscribeSchema,
          response: { 202: messageResponseSchema },
        },
      },
      async (request, reply) => {
        await newsletter.subscribe(request.body, request.ip);
        return reply.status(202).send({ message: newsletterMessages.checkInbox });
      },
    );

    app.post(
      '/confirm',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Confirm a subscription with the token from the confirmation email',
          body: newsletterTokenSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await newsletter.confirm(request.body.token, request.ip);
        return { message: newsletterMessages.confirmed };
      },
    );

    app.post(
      '/unsubscribe',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Unsubscribe with the token from any newsletter email',
          body: newsletterTokenSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await newsletter.unsubscribe(request.body.token, request.ip);
        return { message: newsletterMessages.unsubscribed };
      },
    );
  };
