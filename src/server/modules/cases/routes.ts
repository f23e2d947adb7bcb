import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caseIdSchema,
  caseListSchema,
  caseMessageRequestSchema,
  createCaseRequestSchema,
  ownCaseSchema,
} from '../../../shared/cases.js';
import { signedIn, type Authenticate } from '../auth/authenticate.js';
import type { CasesService } from './service.js';

const tags = ['cases'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: caseIdSchema });

/** /api/cases: a signed-in person's own cases. Another person's case answers 404. */
export function caseRoutes({
  cases,
  authenticate,
}: {
  cases: CasesService;
  authenticate: Authenticate;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '',
      {
        schema: {
          tags,
          security,
          summary: 'Ask the firm a question (a case)',
          description:
            'With shareConversation true and a conversationId of your own, a copy of that conversation so far is stored with the case for the firm to read.',
          body: createCaseRequestSchema,
          response: { 201: ownCaseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await cases.create(signedIn(request).user.id, request.body)),
    );

    app.get(
      '',
      {
        schema: {
          tags,
          security,
          summary: 'Your cases, newest first',
          response: { 200: caseListSchema },
        },
      },
      async (request) => ({ cases: await cases.list(signedIn(request).user.id) }),
    );

    app.get(
      '/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One of your cases with the replies in order',
          params: idParams,
          response: { 200: ownCaseSchema },
        },
      },
      async (request) => cases.get(signedIn(request).user.id, request.params.id),
    );

    app.post(
      '/:id/messages',
      {
        schema: {
          tags,
          security,
          summary: 'Answer the firm on one of your cases',
          params: idParams,
          body: caseMessageRequestSchema,
          response: { 201: ownCaseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await cases.reply(signedIn(request).user.id, request.params.id, request.body.body)),
    );
  };
}
