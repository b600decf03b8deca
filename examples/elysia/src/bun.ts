// The reference service on Bun: the app (src/app.ts) served by Elysia's Bun adapter (`app.listen`,
// Bun.serve underneath). What Node's server refuses itself, and @error-contract/node answers there,
// Bun's server refuses in its own way, before the app (as for Hono on Bun).
import { connectRateLimitRedis, type StartService } from '@error-contract/service-kit';
import { createApp } from './app.js';

/** Starts the Elysia reference service on Bun; port 0 picks a free one. */
export const startService: StartService = async (config) => {
  const redis = await connectRateLimitRedis(config);
  const app = (await createApp(config, { redis })).listen({ port: config.port, hostname: config.host });
  return {
    url: `http://${config.host}:${app.server!.port}`,
    close: async () => {
      await app.stop(true);
      await redis?.close();
    },
  };
};
