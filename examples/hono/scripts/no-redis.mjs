// Stands in for ioredis in the workerd bundle (scripts/start.mjs): the Redis rate limit store needs
// Node's sockets and is left out on workerd. The service never constructs it there (REDIS_URL is
// refused before start); if anything did, it would say why instead of failing somewhere inside.
export class Redis {
  constructor() {
    throw new Error('ioredis is left out of the workerd build: the Redis rate limit store runs on Node, Bun and Deno only');
  }
}
export default Redis;
