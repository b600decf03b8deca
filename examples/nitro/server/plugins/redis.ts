// REDIS_URL: the rate limit's Redis client is closed when the server closes (SIGTERM), so the
// process ends with it.
import { definePlugin } from 'nitro';
import { redis } from '../utils/service.ts';

export default definePlugin((nitroApp) => {
  const client = redis;
  if (client === undefined) return;
  nitroApp.hooks.hook('close', () => client.close());
});
