import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignRequestSchema,
  caseIdSchema,
  caseMessageRequestSchema,
  caseNoteRequestSchema,
  deskCaseSchema,
  deskQueueQuerySchema,
  deskQueueSchema,
  sharedConversationSchema,
  staffListSchema,
  statusRequestSchema,
} from '../../../shared/cases.js';
import { staffOf, type StaffService } from '../staff/service.js';
import type { CasesService } from './service.js';

const tags = ['desk'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: caseIdSchema });

/**
 * /api/desk: the firm's staff work cases here. Anyone without the staff or admin role (read from
 * the database on each request) gets 404, as for a route that does not exist.
 */
export function deskRoutes({
  cases,
  staff,
}: {
  cases: CasesService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', staff.guard('staff'));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/cases',
      {
        schema: {
          tags,
          security,
          summary: 'The queue of cases, oldest first, by status, state, area and assignee',
          querystring: deskQueueQuerySchema,
          response: { 200: deskQueueSchema },
        },
      },
      async (request) => cases.queue(staffOf(request), request.query),
    );

    app.get(
      '/staff',
      {
        schema: {
          tags,
          security,
          summary: 'The members of staff cases can be assigned to',
          response: { 200: staffListSchema },
        },
      },
      async () => ({ staff: await staff.members() }),
    );

    app.get(
      '/cases/:id',
      {
        schema: {
          tags,
          security,
          summary: 'A case: question, replies, private notes, assignment',
          params: idParams,
          response: { 200: deskCaseSchema },
        },
      },
      async (request) => cases.deskCase(request.params.id),
    );

    app.get(
      '/cases/:id/conversation',
      {
        schema: {
          tags,
          security,
          summary: 'The conversation the person shared with the case (each opening is audited)',
          params: idParams,
          response: { 200: sharedConversationSchema },
        },
      },
      async (request) => cases.sharedConversation(staffOf(request), request.params.id),
    );

    app.post(
      '/cases/:id/notes',
      {
        schema: {
          tags,
          security,
          summary: 'Add a private note (never shown to the person)',
          params: idParams,
          body: caseNoteRequestSchema,
          response: { 201: deskCaseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await cases.addNote(staffOf(request), request.params.id, request.body.body)),
    );

    app.post(
      '/cases/:id/assign',
      {
        schema: {
          tags,
          security,
          summary: 'Assign the case to a member of staff, or to no one',
          params: idParams,
          body: assignRequestSchema,
          response: { 200: deskCaseSchema },
        },
      },
      async (request) => cases.assign(staffOf(request), request.params.id, request.body.assigneeId),
    );

    app.post(
      '/cases/:id/status',
      {
        schema: {
          tags,
          security,
          summary: "Change the case's status",
          params: idParams,
          body: statusRequestSchema,
          response: { 200: deskCaseSchema },
        },
      },
      async (request) => cases.setStatus(staffOf(request), request.params.id, request.body.status),
    );

    app.post(
      '/cases/:id/replies',
      {
        schema: {
          tags,
          security,
          summary: 'Reply to the person: shown in My cases and sent by email',
          params: idParams,
          body: caseMessageRequestSchema,
          response: { 201: deskCaseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await cases.firmReply(staffOf(request), request.params.id, request.body.body)),
    );
  };
}
