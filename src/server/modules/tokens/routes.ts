import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenStatusSchema } from '../../../shared/tokens.js';
import { signedIn, type Authenticate } from '../auth/authenticate.js';
import type { TokensService } from './service.js';

/** GET /api/tokens: the signed-in person's balance, plan, renewal and recent ledger. */
export function tokenRoutes({
  tokens,
  authenticate,
}: {
  tokens: TokensService;
  authenticate: Authenticate;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate);
    app.get(
      '',
      {
        schema: {
          tags: ['tokens'],
          security: [{ bearer: [] }],
          summary: 'Token balance, plan, when the allowance renews, and the recent ledger',
          response: { 200: tokenStatusSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return tokens.getStatus(signedIn(request).user.id);
      },
    );
  };
}
