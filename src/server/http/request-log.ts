import { warmUpAddress } from '../warm-up.js';
import type { FastifyInstance } from 'fastify';

/**
 * One line per request, for the routes of the scope it is registered in (buildApp leaves the
 * health probes, polled every few seconds, outside it). Only the path is logged: query strings
 * can carry one-time tokens, and headers (cookies, Authorization) are never logged at all.
 */
export function registerRequestLog(app: FastifyInstance) {
  const log = app.log;
  // A callback hook, not an async one: it runs on every response, and a promise per request
  // showed in profiles. The line is written by the app's logger with the request's id, the same
  // line request.log would write, without making the request's child logger for it.
  app.addHook('onResponse', (request, reply, done) => {
    // The warm-up's own requests are no one's (src/server/warm-up.ts).
    if (request.raw.socket?.remoteAddress === warmUpAddress) return done();
    const url = request.url;
    const query = url.indexOf('?');
    log.info(
      {
        reqId: request.id,
        method: request.method,
        path: query === -1 ? url : url.slice(0, query),
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
