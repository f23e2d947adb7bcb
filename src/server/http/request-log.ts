import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false keeps a route out of the access log: the health probes, which orchestrators poll
     * every few seconds. Failures are logged where they happen.
     */
    accessLog?: boolean;
  }
}

/**
 * One line per request (except routes with `config: { accessLog: false }`). Only the path is logged: query strings can carry one-time tokens,
 * and headers (cookies, Authorization) are never logged at all.
 */
export function registerRequestLog(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every response, and a promise per request
  // showed in profiles.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config.accessLog === false) return done();
    const path = request.url.split('?')[0];
    request.log.info(
      {
        method: request.method,
        path,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}

/**
 * Paths pino must never print, as a safety net: request logs carry no headers or bodies at all.
 * Explicit paths only; wildcards made every log line noticeably slower.
 */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
];
