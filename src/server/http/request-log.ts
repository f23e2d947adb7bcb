import { warmUpAddress } from '../warm-up.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

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
    const path = query === -1 ? url : url.slice(0, query);
    logRequest(log, request.id, request.method, path, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/**
 * Writes a request's access log line: its id, method, path (never the query string, which can
 * carry one-time tokens), status and milliseconds from its arrival to its answer. Requests
 * answered before routing (decision 0152) write the same line.
 */
export function logRequest(
  log: FastifyBaseLogger,
  reqId: string,
  method: string,
  path: string,
  status: number,
  elapsedMs: number,
) {
  log.info({ reqId, method, path, status, ms: Math.round(elapsedMs * 10) / 10 }, 'request');
}

/**
 * Request ids as Fastify makes them by default ("req-1", "req-2", … in base 36, below 2^31),
 * from one counter that Fastify (its genReqId) and the answers given before routing share, so
 * no two requests of an instance log the same id.
 */
export function createRequestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
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
