import type { AddressInfo } from 'node:net';
import { answerClientErrors } from '@error-contract/node';
import { connectRateLimitRedis, type StartService, serviceContract } from '@error-contract/service-kit';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createFetch } from './app.js';

/** Starts the Hono reference service on Node; port 0 picks a free one. With `redisUrl`, the rate
 * limit is shared through Redis, connected before the first request. */
export const startService: StartService = async (config) => {
  const redis = await connectRateLimitRedis(config);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: createFetch(config, { clientAddress: (c) => getConnInfo(c).remote.address, redis, nodeServer: true }), port: config.port, hostname: config.host }, (info: AddressInfo) => {
      resolve({
        url: `http://${config.host}:${info.port}`,
        close: () => new Promise<void>((done, fail) => server.close((error) => (error ? fail(error) : done()))).finally(async () => redis?.close()),
      });
    });
    // Node's own refusals (a malformed request, an over-large header block), in the contract too.
    answerClientErrors(server as import('node:http').Server, serviceContract(config));
    server.once('error', reject);
  });
};
