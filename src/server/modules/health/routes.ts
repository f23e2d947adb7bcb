import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readinessSchema, type Health } from '../../../shared/health.js';
import type { Db } from '../../db/database.js';
import type { WarmUp } from '../../warm-up.js';

/**
 * Probes are polled constantly, send no body and answer a few bytes: no compression either way.
 * buildApp registers them outside the access log.
 */
const probeOptions = {
  compress: false as const,
  decompress: false as const,
};

/** Liveness has one answer, serialized once: the probe is the app's most frequent request. */
const aliveBody = JSON.stringify({ status: 'ok' } satisfies Health);

/** Liveness (the process answers) and readiness (warmed up, and the database answers). */
export const healthRoutes =
  (db: Db, warmUp: Pick<WarmUp, 'done'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true }, ...probeOptions }, (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(aliveBody),
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
        const warm = warmUp.done;
        return reply.status(up && warm ? 200 : 503).send({
          status: up && warm ? 'ok' : 'unavailable',
          database: up ? 'up' : 'down',
          warmUp: warm ? 'done' : 'running',
        });
      },
    );
  };
