import type { FastifyInstance } from 'fastify';
import { hostname } from 'node:os';
import { warmUpAddress } from '../warm-up.js';
import type { AccessLog } from './request-logger.js';

/**
 * One line per request, for the routes of the scope it is registered in (buildApp leaves the
 * health probes, polled every few seconds, outside it), written to the app logger's destination.
 * Only the path is logged: query strings can carry one-time tokens, and headers (cookies,
 * Authorization) are never logged at all.
 */
export function registerRequestLog(app: FastifyInstance, accessLog: AccessLog) {
  // A callback hook, not an async one: it runs on every response, and a promise per request
  // showed in profiles.
  app.addHook('onResponse', (request, reply, done) => {
    // The warm-up's own requests are no one's (src/server/warm-up.ts).
    if (request.raw.socket?.remoteAddress === warmUpAddress) return done();
    const url = request.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    logRequest(accessLog, request.id, request.method, path, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/** What pino writes after the time on each line: its default bindings, the process and host. */
const bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * Writes a request's access log line: its id, method, path (never the query string, which can
 * carry one-time tokens), status and milliseconds from its arrival to its answer. Requests
 * answered before routing (decision 0155) write the same line. The line is the JSON line
 * `log.info({ reqId, method, path, status, ms }, 'request')` writes, made here in one template:
 * pino's general path cost several microseconds a line, a tenth of a small request.
 */
export function logRequest(
  accessLog: AccessLog,
  reqId: string,
  method: string,
  path: string,
  status: number,
  elapsedMs: number,
) {
  if (!accessLog.logger.isLevelEnabled('info')) return;
  accessLog.write(
    `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${Math.round(elapsedMs * 10) / 10},"msg":"request"}\n`,
  );
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
