import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';

export interface RateLimit {
  /** A name for the limit, e.g. "login:ip"; keys are namespaced by it. */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt for `key` under `limit`. Throws a 429 AppError with Retry-After when the
   * limit is exceeded. The message is the one the web app shows.
   */
  hit(limit: RateLimit, key: string): Promise<void>;
  /** Forgets the attempts for a key, e.g. after a successful sign-in. */
  reset(limit: RateLimit, key: string): Promise<void>;
}

function tooMany(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError(
    429,
    'request.rate_limited',
    `Too many attempts. Please wait ${wait} and try again.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/**
 * Fixed-window counters: in Redis when REDIS_URL is set (so limits hold across instances),
 * otherwise in this process's memory.
 */
export function createRateLimiter(redis: Redis | undefined): RateLimiter {
  if (redis) {
    return {
      async hit(limit, key) {
        const redisKey = `lexwise-limit:${limit.name}:${key}`;
        const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
          [null, number],
          [null, number],
        ];
        if (ttl < 0) await redis.pexpire(redisKey, limit.windowMs);
        if (count > limit.max) throw tooMany(ttl < 0 ? limit.windowMs : ttl);
      },
      async reset(limit, key) {
        await redis.del(`lexwise-limit:${limit.name}:${key}`);
      },
    };
  }
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(limit, key) {
      const now = Date.now();
      const id = `${limit.name}:${key}`;
      let window = windows.get(id);
      if (!window || window.resetAt <= now) {
        if (windows.size > 50_000) {
          for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        }
        window = { count: 0, resetAt: now + limit.windowMs };
        windows.set(id, window);
      }
      window.count += 1;
      if (window.count > limit.max) throw tooMany(window.resetAt - now);
    },
    async reset(limit, key) {
      windows.delete(`${limit.name}:${key}`);
    },
  };
}
