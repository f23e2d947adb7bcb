import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readinessSchema, type Health } from '../../../shared/health.js';
import type { Db } from '../../db/database.js';
import type { EarlyAnswer } from '../../http/answer-first.js';
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
const aliveType = 'application/json; charset=utf-8';

/**
 * Answers `GET /healthz` on the app's HTTP server before Fastify routes it (decision 0147, placed
 * by `answerBeforeRouting`): the same status, headers and body as the route below (which
 * app.inject and any other method or spelling of the path still reach), without building
 * Fastify's request and reply for the app's most frequent request. `headers` are the ones every
 * non-page response gets.
 */
export function livenessAnswer(headers: Record<string, string>): EarlyAnswer {
  const alive = Object.entries({
    ...headers,
    'content-type': aliveType,
    'content-length': String(Buffer.byteLength(aliveBody)),
  }).flat();
  return (request, response) => {
    if (request.url !== '/healthz' || request.method !== 'GET') return false;
    response.writeHead(200, alive);
    // A string: Node sends it in one write with the head (a Buffer took two, and twice the time).
    response.end(aliveBody);
    return true;
  };
}

/** Liveness (the process answers) and readiness (warmed up, and the database answers). */
export const healthRoutes =
  (db: Db, warmUp: Pick<WarmUp, 'done'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true }, ...probeOptions }, (_request, reply) =>
      reply.type(aliveType).send(aliveBody),
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
