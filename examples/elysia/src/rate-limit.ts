// The rate limit: RATE_LIMIT requests per client per RATE_WINDOW_S-second window, counted in a
// fixed window, in memory or (REDIS_URL) in Redis, shared by every instance pointing at it. A few
// lines of our own: Elysia's rate-limit plugins answer the limit themselves, and this service's
// 429 is the contract's, with `Retry-After`. Redis failing opens the limit (service-kit's policy).
import { tooManyRequests } from '@error-contract/core';
import type { RateLimitRedis, ServiceConfig } from '@error-contract/service-kit';

const MAX_KEYS = 100_000;

/** Counts one request of `key`; throws the 429 past the limit. */
export type RateLimit = (key: string) => void | Promise<void>;

function inMemory(limit: number, windowMs: number): RateLimit {
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  return function countInMemory(key) {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      counts = new Map();
    }
    const count = (counts.get(key) ?? 0) + 1;
    // a flood of new keys cannot grow the map without bound: past the cap, the window restarts
    if (counts.size >= MAX_KEYS && !counts.has(key)) counts = new Map();
    counts.set(key, count);
    if (count > limit) throw tooManyRequests({ retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) });
  };
}

function inRedis(limit: number, windowMs: number, redis: RateLimitRedis): RateLimit {
  return async function countInRedis(key) {
    let count: number;
    let ttl: number;
    try {
      const name = `reference-elysia:${key}`;
      const replies = await redis.client.multi().incr(name).pttl(name).exec();
      count = Number(replies?.[0]?.[1]);
      ttl = Number(replies?.[1]?.[1]);
      if (ttl < 0) {
        await redis.client.pexpire(name, windowMs);
        ttl = windowMs;
      }
    } catch (error) {
      redis.storeFailed(error);
      return;
    }
    if (count > limit) throw tooManyRequests({ retryAfter: Math.max(1, Math.ceil(ttl / 1000)) });
  };
}

/** The service's rate limit, as configured. */
export function rateLimit(config: ServiceConfig, redis: RateLimitRedis | undefined): RateLimit {
  const windowMs = config.rateWindowS * 1000;
  return redis === undefined ? inMemory(config.rateLimit, windowMs) : inRedis(config.rateLimit, windowMs, redis);
}
