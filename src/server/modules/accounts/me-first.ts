import { userSchema, type User } from '../../../shared/auth.js';
import type { EarlyAnswer } from '../../http/answer-first.js';
import { addressKey, type MemoryRateLimit } from '../../http/api-rate-limit.js';
import { logRequest } from '../../http/request-log.js';
import type { AccessLog } from '../../http/request-logger.js';
import { compileResponseSerializer } from '../../http/response-serializer.js';
import { bearerToken } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';

export interface MeAnswerOptions {
  sessions: SessionService;
  /** The API-wide limit's windows, which the API's own hook counts in too. */
  limit: MemoryRateLimit;
  /** The headers every non-page response gets (the resource set of security headers). */
  headers: Record<string, string>;
  /** Bodies this long or longer may be compressed: those are left to Fastify's route. */
  compressThreshold: number;
  accessLog: AccessLog;
  nextRequestId: () => string;
}

/**
 * Answers a signed-in `GET /api/me` on the HTTP server before Fastify routes it (decision 0155):
 * the same token check (a revoked sign-in is refused at once), the same API-wide limit counted in
 * the same windows, the same headers and body as the route in routes.ts, and the same access log
 * line. Only the answer that is a 200 is given here. Everything else — no or a bad token, a
 * revoked sign-in, a client at its limit, HEAD, a query string, a body long enough to compress,
 * an error — is left to Fastify before anything is counted, so its 401, 429 and 500 answers stay
 * the only ones. buildApp places it only where the check is synchronous (SQLite), the limit is
 * in memory and the client's address is the connection's (no TRUST_PROXY).
 */
export function meAnswer(options: MeAnswerOptions): EarlyAnswer {
  const { sessions, limit, compressThreshold, accessLog, nextRequestId } = options;
  const serialize = compileResponseSerializer({ schema: userSchema }) as (user: User) => string;
  const fixed = Object.entries(options.headers).flat();
  return (request, response) => {
    if (request.url !== '/api/me' || request.method !== 'GET') return false;
    const started = performance.now();
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return false;
    const key = addressKey(request.socket.remoteAddress);
    if (!limit.allows(key)) return false;
    let signedIn: ReturnType<SessionService['authenticate']>;
    try {
      signedIn = sessions.authenticate(token);
    } catch {
      return false;
    }
    if (signedIn === undefined || signedIn instanceof Promise) return false;
    const body = serialize(signedIn.user);
    const length = Buffer.byteLength(body);
    if (length >= compressThreshold) return false;
    const counted = limit.count(key);
    response.writeHead(200, [
      ...fixed,
      'x-ratelimit-limit',
      counted.limit,
      'x-ratelimit-remaining',
      counted.remaining,
      'x-ratelimit-reset',
      counted.reset,
      'content-type',
      'application/json; charset=utf-8',
      'cache-control',
      'no-store',
      'content-length',
      String(length),
    ]);
    // A string: Node sends it in one write with the head.
    response.end(body);
    logRequest(accessLog, nextRequestId(), 'GET', '/api/me', 200, performance.now() - started);
    return true;
  };
}
