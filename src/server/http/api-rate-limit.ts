import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/**
 * The client's address as the limit counts it (IPv6 by /56, as the plugin does). A request whose
 * connection is already gone has none; it shares one key rather than throwing in normalizeIP.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return addressKey(request.ip);
}

/** The key of a client address (a connection's remote address, or the proxy's forwarded one). */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'address-unknown';
  // An IPv4 address is its own key; normalizeIP's IPv6 test is a long regular expression.
  return ip.includes(':') ? normalizeIP(ip) : ip;
}

const windowMs = 60_000;

/** The answer once a client is over the limit; `seconds` until its window starts again. */
function rateLimited(seconds: number) {
  return new AppError(
    429,
    'request.rate_limited',
    `Too many requests. Please wait ${waitText(seconds)} and try again.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** "1 second", "45 seconds", "1 minute": the wording @fastify/rate-limit gives its `after`. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The API-wide limit per client address. It is one onRequest hook of the scope it is registered
 * in, added before any module registers its routes: Fastify runs a scope's hooks before those of
 * the plugins inside it, so the limit counts every request, including those that then fail
 * authentication (the plugin's default per-route hook ran after the modules' own onRequest hooks).
 *
 * With Redis (several instances share the count) it is @fastify/rate-limit's hook. In memory it is
 * our own callback hook (decision 0146): the same fixed window, headers and 429 answer, without the
 * plugin's promises on every request, which cost about a sixth of GET /api/me. The memory limit is
 * returned: GET /api/me answered before routing counts in the same windows (decision 0155).
 */
export async function registerApiRateLimit(
  api: FastifyInstance,
  config: Config,
  redis: Redis | undefined,
): Promise<MemoryRateLimit | undefined> {
  if (!redis) {
    const limit = memoryRateLimit(config.apiRateLimitPerMinute);
    api.addHook('onRequest', limit.hook);
    return limit;
  }
  await api.register(rateLimit, {
    global: false,
    max: config.apiRateLimitPerMinute,
    timeWindow: windowMs,
    keyGenerator: rateLimitKey,
    redis,
    nameSpace: 'lexwise-rl:',
    errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
  });
  api.addHook('onRequest', api.rateLimit());
  return undefined;
}

/** Clients remembered at once; past it, the oldest window is dropped (the plugin kept 5,000). */
const maxClients = 100_000;

/** A request counted in its client's window: what the X-RateLimit headers say of it. */
export interface Counted {
  over: boolean;
  limit: string;
  remaining: string;
  /** Seconds until the window ends, as X-RateLimit-Reset and Retry-After give it. */
  reset: string;
}

export interface MemoryRateLimit {
  /** The onRequest hook: counts the request, sets the headers, answers 429 when over. */
  hook: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  /** Whether one more request from `key` would be within the limit now; counts nothing. */
  allows(key: string): boolean;
  /** Counts a request from `key`. */
  count(key: string): Counted;
}

/**
 * A fixed window per client address, as @fastify/rate-limit's memory store counts: it starts
 * at the client's first request and lasts a minute. Every answer carries X-RateLimit-Limit,
 * -Remaining and -Reset (seconds until the window ends); one over the limit is a 429 with
 * Retry-After. Ended windows are swept once a window.
 */
export function memoryRateLimit(max: number, now: () => number = Date.now): MemoryRateLimit {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const limit = String(max);
  let nextSweep = 0;

  function sweep(time: number) {
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
    nextSweep = time + windowMs;
  }

  function count(key: string): Counted {
    const time = now();
    let window = windows.get(key);
    if (window === undefined || window.endsAt <= time) {
      if (time >= nextSweep || windows.size >= maxClients) sweep(time);
      if (windows.size >= maxClients) windows.delete(windows.keys().next().value!);
      window = { count: 0, endsAt: time + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    const reset = String(Math.ceil((window.endsAt - time) / 1000));
    const over = window.count > max;
    return { over, limit, remaining: over ? '0' : String(max - window.count), reset };
  }

  return {
    count,
    allows(key) {
      const window = windows.get(key);
      return window === undefined || window.endsAt <= now() || window.count < max;
    },
    hook(request, reply, done) {
      const counted = count(rateLimitKey(request));
      reply.header('x-ratelimit-limit', counted.limit);
      reply.header('x-ratelimit-remaining', counted.remaining);
      reply.header('x-ratelimit-reset', counted.reset);
      if (counted.over) {
        reply.header('retry-after', counted.reset);
        return done(rateLimited(Number(counted.reset)));
      }
      done();
    },
  };
}
