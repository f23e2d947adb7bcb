import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createRateLimiter } from './rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
if (!redisUp && process.env.CI === 'true')
  throw new Error(`Redis is required in CI at ${redisUrl}`);
afterAll(() => redis.disconnect());

describe.each([
  { store: 'memory', skip: false },
  { store: 'redis', skip: !redisUp },
])('rate limiter in $store', ({ store, skip }) => {
  it.skipIf(skip)('allows up to the limit, then answers 429 with Retry-After', async () => {
    const limiter = createRateLimiter(store === 'redis' ? redis : undefined);
    const limit = { name: `test-${Math.random()}`, max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await limiter.hit(limit, 'ip-1');
    const error = await limiter.hit(limit, 'ip-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect(Number((error as AppError).headers?.['retry-after'])).toBeGreaterThan(50);
    await limiter.hit(limit, 'ip-2');
    await limiter.reset(limit, 'ip-1');
    await limiter.hit(limit, 'ip-1');
  });

  it.skipIf(skip)('opens a new window once the old one has passed', async () => {
    const limiter = createRateLimiter(store === 'redis' ? redis : undefined);
    const limit = { name: `test-${Math.random()}`, max: 1, windowMs: 150 };
    await limiter.hit(limit, 'k');
    await expect(limiter.hit(limit, 'k')).rejects.toBeInstanceOf(AppError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await limiter.hit(limit, 'k');
  });
});
