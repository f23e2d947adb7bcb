import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/**
 * The client's address as the limit counts it (IPv6 by /56, as the plugin does). A request whose
 * connection is already gone has none; it shares one key rather than throwing in normalizeIP.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const ip = request.ip;
  return ip ? normalizeIP(ip) : 'address-unknown';
}

/**
 * The API-wide limit per client address. It is one onRequest hook of the scope it is registered
 * in, added before any module registers its routes: Fastify runs a scope's hooks before those of
 * the plugins inside it, so the limit counts every request, including those that then fail
 * authentication (the plugin's default per-route hook ran after the modules' own onRequest hooks).
 */
export async function registerApiRateLimit(
  api: FastifyInstance,
  config: Config,
  redis: Redis | undefined,
) {
  await api.register(rateLimit, {
    global: false,
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
    ...(redis ? { redis, nameSpace: 'lexwise-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'request.rate_limited',
        `Too many requests. Please wait ${context.after} and try again.`,
        undefined,
        { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      ),
  });
  api.addHook('onRequest', api.rateLimit());
}
