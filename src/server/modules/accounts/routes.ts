import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  messageResponseSchema,
  updateProfileRequestSchema,
  userSchema,
} from '../../../shared/auth.js';
import type { Config } from '../../config.js';
import { signedIn, type Authenticate } from '../auth/authenticate.js';
import { refreshCookie } from '../auth/refresh-cookie.js';
import type { AccountService } from './service.js';

const tags = ['account'];
const security = [{ bearer: [] }];
const noContent = { 204: z.null().describe('Done') };

/** /api/me: the signed-in person's own account. Every route needs `Authorization: Bearer`. */
export function accountRoutes({
  config,
  accounts,
  authenticate,
}: {
  config: Config;
  accounts: AccountService;
  authenticate: Authenticate;
}): FastifyPluginAsyncZod {
  const cookie = refreshCookie(config);
  return async (app) => {
    app.addHook('onRequest', authenticate);
    // A callback hook: an async one made a promise on every request.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    app.get(
      '',
      { schema: { tags, security, summary: 'The signed-in user', response: { 200: userSchema } } },
      // Not async: the answer is at hand, and a promise per request showed in profiles.
      (request, reply) => {
        void reply.send(signedIn(request).user);
      },
    );

    app.patch(
      '',
      {
        schema: {
          tags,
          security,
          summary: 'Update name, picture or jurisdiction (country, and state or province)',
          body: updateProfileRequestSchema,
          response: { 200: userSchema },
        },
      },
      async (request) => accounts.updateProfile(signedIn(request), request.body),
    );

    app.post(
      '/password',
      {
        schema: {
          tags,
          security,
          summary: 'Change the password; other sessions end, this one stays',
          description:
            '400 auth.password_incorrect when currentPassword is wrong or missing (accounts made through Google or Facebook set a first password without it).',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => accounts.changePassword(signedIn(request), request.body),
    );

    app.post(
      '/sessions/revoke',
      {
        schema: {
          tags,
          security,
          summary: 'Sign out of all devices, this one included',
          response: noContent,
        },
      },
      async (request, reply) => {
        await accounts.signOutEverywhere(signedIn(request));
        cookie.clear(reply);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/export',
      {
        schema: {
          tags,
          security,
          summary: 'Download my data (JSON attachment)',
          description:
            'The profile, sign-in methods, sessions (no token hashes) and a section per module that keeps personal data.',
        },
      },
      async (request, reply) => {
        const data = await accounts.exportData(signedIn(request));
        const day = new Date().toISOString().slice(0, 10);
        const product = config.site.productName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${product}-data-${day}.json"`)
          .send(JSON.stringify(data, null, 2));
      },
    );

    app.delete(
      '',
      {
        schema: {
          tags,
          security,
          summary: 'Delete the account and all its data, confirmed by typing its email',
          description:
            '400 account.confirmation_mismatch when confirmEmail is not the account email.',
          body: deleteAccountRequestSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await accounts.deleteAccount(signedIn(request), request.body.confirmEmail);
        cookie.clear(reply);
        return reply.status(204).send(null);
      },
    );
  };
}
