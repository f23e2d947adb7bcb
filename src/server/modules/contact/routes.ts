import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages, contactRequestSchema } from '../../../shared/contact.js';
import { messageResponseSchema } from '../../../shared/auth.js';
import type { ContactService } from './service.js';

/** POST /api/contact: the contact form. */
export const contactRoutes =
  ({ contact }: { contact: ContactService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '',
      {
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the firm',
          description:
            'Stores the message, mails it to the firm and acknowledges it to the sender by email.',
          body: contactRequestSchema,
          response: { 201: messageResponseSchema },
        },
      },
      async (request, reply) => {
        await contact.submit(request.body, request.ip);
        // A bot that filled the honeypot gets this same answer, so it learns nothing.
        return reply.status(201).send({ message: contactMessages.sent });
      },
    );
  };
