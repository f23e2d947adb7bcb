import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '../../../shared/health.js';
import type { Db } from '../../db/database.js';

/** Probes are polled constantly and answer a few bytes: no access log line, no compression. */
const probeOptions = { config: { accessLog: false }, compress: false as const };

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: healthSchema } }, ...probeOptions },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } },
      ...probeOptions,
    },
    async (request, reply) => {
      const up = await db.ping();
      if (!up) request.log.warn('readiness check failed: the database does not answer');
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );
};
