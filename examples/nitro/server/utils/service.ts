// What the reference service keeps between requests, and how it is configured: read from the
// environment when the built server starts (`node .output/server/index.mjs`).
import { tooManyRequests } from '@error-contract/core';
import { clientKey, configFromEnv, connectRateLimitRedis, type RateLimitRedis, WidgetStore } from '@error-contract/service-kit';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** The widgets, seeded with one. */
export const widgets = new WidgetStore();

/**
 * Where 5xx are logged with their stack: stderr. Under `src/server.ts` (SERVICE_LOG=json), one
 * JSON line per failure, which the starter hands to its `log` option as an Error again.
 */
export function serviceLog(...args: unknown[]): void {
  if (process.env.SERVICE_LOG !== 'json') {
    console.error(...args);
    return;
  }
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const line = args.filter((arg) => typeof arg === 'string').join(' ');
  process.stderr.write(`error-contract-log ${JSON.stringify({ line, message: error?.message, stack: error?.stack })}\n`);
}

const config = configFromEnv();

/**
 * REDIS_URL: connected before the server listens (this module's top-level await holds the built
 * server's start until it settles). A URL that cannot be reached at start stops the server with
 * one line naming the store and never a password, as the other services refuse to start.
 */
async function connectRedis(): Promise<RateLimitRedis | undefined> {
  try {
    return await connectRateLimitRedis({ ...config, log: serviceLog });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/** The Redis client of the shared rate limit, when REDIS_URL is set; closed with the server. */
export const redis = await connectRedis();

const limits = { points: config.rateLimit, duration: config.rateWindowS };
// Nitro has no rate limiter of its own: rate-limiter-flexible's, as on h3, in memory or (REDIS_URL)
// in Redis, shared by every instance pointing at it
const limiter = redis === undefined ? new RateLimiterMemory(limits) : new RateLimiterRedis({ ...limits, storeClient: redis.client, keyPrefix: 'reference-nitro' });

/**
 * Counts one request of the client (its bearer token, else its address): the request after
 * RATE_LIMIT in a window is the contract's 429 with `Retry-After`. When Redis fails, the request
 * goes on without a limit (service-kit's fail-open policy).
 */
export async function rateLimit(authorization: string | null, address: string | undefined): Promise<void> {
  try {
    await limiter.consume(clientKey(authorization, address));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      redis?.storeFailed(rejection);
      return;
    }
    throw tooManyRequests({ retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) });
  }
}
