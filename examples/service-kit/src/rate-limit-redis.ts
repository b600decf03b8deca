// REDIS_URL: one rate limit across every instance of the service. Each framework's limiter keeps
// its own Redis store (rate-limit-redis, koa-ratelimit's redis driver, hono-rate-limiter's
// RedisStore); this is the one client they share, and the policy for when Redis goes away.
//
// The policy is fail open: a request whose limiter cannot reach Redis is served without a limit
// (and the outage is logged once), because a rate limiter that takes the whole API down with it
// protects nothing. The client never queues a command while disconnected, and a command waits at
// most COMMAND_TIMEOUT_MS, so an outage costs a request half a second at worst, never a hang.
import { Redis } from 'ioredis';
import type { ServiceConfig } from './config.ts';

const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * The Redis client the limiters share, and how they report a failed store.
 *
 * @example
 * const redis = await connectRateLimitRedis({ ...config, redisUrl: 'redis://127.0.0.1:6379' });
 * const limiter = failOpen(ratelimit({ driver: 'redis', db: redis!.client }), redis!.storeFailed);
 */
export interface RateLimitRedis {
  client: Redis;
  /** A limiter's store failed and the request goes on unlimited: logged once per outage. */
  storeFailed(error: unknown): void;
  close(): Promise<void>;
}

/** `redis://user:secret@host:6379/0` -> `host:6379`: the log names the server, never a password. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'an unparsable REDIS_URL';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Connects to `config.redisUrl` before the service starts; undefined when there is none (each
 * instance then keeps its own in-memory limit). A URL that cannot be reached at start is a
 * configuration error and rejects; an outage after that is logged and the limit fails open.
 *
 * @example
 * const redis = await connectRateLimitRedis(configFromEnv());
 * const app = createApp(config, redis);
 */
export async function connectRateLimitRedis(config: ServiceConfig): Promise<RateLimitRedis | undefined> {
  const url = config.redisUrl;
  if (url === undefined) return undefined;
  const log = config.log ?? ((...args: unknown[]) => console.error(...args));
  const server = serverOf(url);
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });

  let down = false;
  const storeFailed = (error: unknown) => {
    if (down) return;
    down = true;
    log(`rate limit store at ${server} unavailable (${messageOf(error)}): requests are served without a limit until it is back`);
  };
  // ioredis reports every failed reconnection; one line per outage is enough
  client.on('error', storeFailed);
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log(`rate limit store at ${server} is back: the shared limit applies again`);
  });

  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`REDIS_URL: cannot reach the rate limit store at ${server}: ${messageOf(error)}`);
  }
  return {
    client,
    storeFailed,
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * Wraps a `(ctx, next)` limiter middleware (Koa's, Hono's) so that a failure of its store lets
 * the request through instead of failing it; an error from later in the chain still propagates.
 *
 * @example
 * app.use(failOpen(ratelimit({ driver: 'redis', db: redis.client }), redis.storeFailed));
 */
export function failOpen<C, R>(
  limiter: (ctx: C, next: () => Promise<void>) => Promise<R>,
  storeFailed: (error: unknown) => void,
): (ctx: C, next: () => Promise<void>) => Promise<R | void> {
  return async (ctx, next) => {
    let passed = false;
    try {
      return await limiter(ctx, () => {
        passed = true;
        return next();
      });
    } catch (error) {
      if (passed) throw error;
      storeFailed(error);
      return next();
    }
  };
}
