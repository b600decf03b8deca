// The rate limit: @fastify/rate-limit, in memory or in its own Redis store (REDIS_URL), its 429
// answered in the contract by `rateLimitError`.
import { rateLimitError } from '@error-contract/fastify';
import { clientKey, type RateLimitRedis, type ServiceConfig } from '@error-contract/service-kit';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';

/**
 * Registers @fastify/rate-limit and returns the hook that counts a request. With `global: true`
 * the plugin hooks each route, so a request no route matches (404, 405) would not count; the
 * service counts every request, so the hook is added by the caller as a root onRequest hook,
 * which Fastify runs for route misses too. With `redis`, the store is the plugin's Redis store on
 * the service's ioredis client, and a store failure lets the request through (fail open), logged
 * once per outage, as on Express (`passOnStoreError`), Koa and Hono (`failOpen`).
 */
export async function rateLimiter(
  app: FastifyInstance,
  config: ServiceConfig,
  redis?: RateLimitRedis,
  plugin: typeof rateLimit = rateLimit,
  // the Redis keys' prefix: each service counts in its own keys (the Nest service on Fastify reuses this)
  nameSpace = 'reference-fastify:',
): Promise<onRequestAsyncHookHandler> {
  // The limiter throws what `errorResponseBuilder` returns; anything else it throws is its store's.
  const refusals = new WeakSet<object>();
  await app.register(plugin, {
    global: false,
    max: config.rateLimit,
    timeWindow: config.rateWindowS * 1000,
    // the IETF draft's RateLimit-* names, as the other services send draft headers
    enableDraftSpec: true,
    // without a token, an IPv6 client is its /56 network, as express-rate-limit's ipKeyGenerator
    // counts it on the Express service (one host often holds a whole /64)
    keyGenerator: (request) => clientKey(request.headers.authorization, normalizeIP(request.ip, 56)),
    errorResponseBuilder: (request, context) => {
      const refusal = rateLimitError(request, context);
      refusals.add(refusal);
      return refusal;
    },
    ...(redis === undefined ? {} : { redis: redis.client, nameSpace }),
  });
  const limit = app.rateLimit();
  if (redis === undefined) return limit as onRequestAsyncHookHandler;
  return async function rateLimitFailingOpen(request, reply) {
    try {
      await limit.call(this, request, reply);
    } catch (error) {
      if (typeof error === 'object' && error !== null && refusals.has(error)) throw error;
      redis.storeFailed(error);
    }
  };
}
