// The reference service on Bun: the same app as on Node (src/app.ts), served by Bun.serve. What
// Node's server refuses itself, and @error-contract/node answers there, Bun's server refuses in its
// own way, before the app (README.md, "On other runtimes").
import { connectRateLimitRedis, type StartService } from '@error-contract/service-kit';
import { getConnInfo } from 'hono/bun';
import { createFetch } from './app.js';

/** Starts the Hono reference service on Bun; port 0 picks a free one. */
export const startService: StartService = async (config) => {
  const redis = await connectRateLimitRedis(config);
  const fetch = createFetch(config, { clientAddress: (c) => getConnInfo(c).remote.address, redis });
  // Hono's Bun helpers read the server from the fetch's second argument (its `env`).
  const server = Bun.serve({ port: config.port, hostname: config.host, fetch: (request, bun) => fetch(request, bun) });
  return {
    url: `http://${config.host}:${server.port}`,
    close: async () => {
      await server.stop(true);
      await redis?.close();
    },
  };
};
