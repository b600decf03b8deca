// The reference service on Deno: the same app as on Node (src/app.ts), served by Deno.serve. What
// Node's server refuses itself, and @error-contract/node answers there, Deno's server refuses in its
// own way, before the app (README.md, "On other runtimes").
import { connectRateLimitRedis, type StartService } from '@error-contract/service-kit';
import { getConnInfo } from 'hono/deno';
import { createFetch } from './app.js';

/** Starts the Hono reference service on Deno; port 0 picks a free one. */
export const startService: StartService = async (config) => {
  const redis = await connectRateLimitRedis(config);
  const fetch = createFetch(config, { clientAddress: (c) => getConnInfo(c).remote.address, redis });
  let listening: (port: number) => void = () => {};
  const port = new Promise<number>((resolve) => (listening = resolve));
  // Hono's Deno helpers read the connection from the fetch's second argument (its `env`).
  const server = Deno.serve({ port: config.port, hostname: config.host, onListen: (address) => listening(address.port) }, (request, info) => fetch(request, info));
  return {
    url: `http://${config.host}:${await port}`,
    close: async () => {
      await server.shutdown();
      await redis?.close();
    },
  };
};
