import { createServer } from 'node:http';
import { answerClientErrors } from '@error-contract/node';
import { connectRateLimitRedis, running, type StartService, serviceContract } from '@error-contract/service-kit';
import { toNodeHandler } from 'h3/node';
import { createApp } from './app.js';

/** Starts the h3 reference service on Node (h3's own `toNodeHandler`); port 0 picks a free one.
 * Node's own refusals (a malformed request, an over-large header block) are answered in the
 * contract too. With `redisUrl`, the rate limit is shared through Redis, connected before the
 * first request. */
export const startService: StartService = async (config) => {
  const redis = await connectRateLimitRedis(config);
  const server = createServer(toNodeHandler(createApp(config, redis)));
  answerClientErrors(server, serviceContract(config));
  server.listen(config.port, config.host);
  return running(server, config.host, async () => redis?.close());
};
