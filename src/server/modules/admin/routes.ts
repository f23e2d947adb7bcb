import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustTokensRequestSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  auditPageSchema,
  auditQuerySchema,
  contactMessageListSchema,
  disabledRequestSchema,
  figuresSchema,
  roleRequestSchema,
  subscriberListSchema,
  userIdParamsSchema,
  userSearchQuerySchema,
} from '../../../shared/admin.js';
import { messageResponseSchema } from '../../../shared/auth.js';
import { staffOf, type StaffService } from '../staff/service.js';
import { toCsv, type AdminService } from './service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];
const contactColumns = [
  'createdAt',
  'name',
  'email',
  'phone',
  'subject',
  'message',
  'forwarded',
  'acknowledged',
];
const subscriberColumns = ['createdAt', 'email', 'status', 'confirmedAt', 'unsubscribedAt'];

/**
 * /api/admin: the console. Anyone without the admin role (read from the database on each
 * request), staff included, gets 404 as for a route that does not exist.
 */
export function adminRoutes({
  admin,
  staff,
}: {
  admin: AdminService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', staff.guard('admin'));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/users',
      {
        schema: {
          tags,
          security,
          summary:
            'Accounts whose email contains q (newest first), with plan, balance and activity',
          querystring: userSearchQuerySchema,
          response: { 200: adminUserListSchema },
        },
      },
      async (request) => admin.searchUsers(request.query.q),
    );

    app.get(
      '/users/:userId',
      {
        schema: {
          tags,
          security,
          summary: 'An account with its subscription history and token ledger',
          params: userIdParamsSchema,
          response: { 200: adminUserDetailSchema },
        },
      },
      async (request) => admin.user(request.params.userId),
    );

    app.post(
      '/users/:userId/tokens',
      {
        schema: {
          tags,
          security,
          summary: 'Grant (positive) or deduct (negative) tokens, with a reason',
          params: userIdParamsSchema,
          body: adjustTokensRequestSchema,
          response: { 200: adminUserDetailSchema },
        },
      },
      async (request) => admin.adjustTokens(staffOf(request), request.params.userId, request.body),
    );

    app.post(
      '/users/:userId/disabled',
      {
        schema: {
          tags,
          security,
          summary: 'Disable an account (ending its sessions) or enable it again',
          params: userIdParamsSchema,
          body: disabledRequestSchema,
          response: { 200: adminUserDetailSchema },
        },
      },
      async (request) =>
        admin.setDisabled(staffOf(request), request.params.userId, request.body.disabled),
    );

    app.post(
      '/users/:userId/verification',
      {
        schema: {
          tags,
          security,
          summary: 'Send a new confirmation link to an unconfirmed address',
          params: userIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => admin.resendVerification(staffOf(request), request.params.userId),
    );

    app.post(
      '/users/:userId/role',
      {
        schema: {
          tags,
          security,
          summary: 'Give an account the staff or admin role, or take it away (user)',
          params: userIdParamsSchema,
          body: roleRequestSchema,
          response: { 200: adminUserDetailSchema },
        },
      },
      async (request) => admin.setRole(staffOf(request), request.params.userId, request.body.role),
    );

    app.get(
      '/audit',
      {
        schema: {
          tags,
          security,
          summary: 'The audit log, newest first',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => admin.auditLog(request.query.before),
    );

    app.get(
      '/figures',
      {
        schema: {
          tags,
          security,
          summary: 'Usage and business figures over the last 30 days',
          response: { 200: figuresSchema },
        },
      },
      async () => admin.figures(),
    );

    app.get(
      '/contact-messages',
      {
        schema: {
          tags,
          security,
          summary: 'Contact form messages, newest first',
          response: { 200: contactMessageListSchema },
        },
      },
      async () => ({ messages: await admin.contactMessages() }),
    );

    app.get(
      '/contact-messages/csv',
      {
        schema: {
          tags,
          security,
          summary: 'Contact form messages as CSV',
          produces: ['text/csv'],
        },
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="contact-messages.csv"')
          .serializer((payload) => payload as string)
          .send(toCsv(await admin.contactMessages(), contactColumns)),
    );

    app.get(
      '/newsletter-subscribers',
      {
        schema: {
          tags,
          security,
          summary: 'Newsletter addresses with their status, newest first',
          response: { 200: subscriberListSchema },
        },
      },
      async () => ({ subscribers: await admin.subscribers() }),
    );

    app.get(
      '/newsletter-subscribers/csv',
      {
        schema: {
          tags,
          security,
          summary: 'Newsletter addresses as CSV',
          produces: ['text/csv'],
        },
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
          .serializer((payload) => payload as string)
          .send(toCsv(await admin.subscribers(), subscriberColumns)),
    );
  };
}
