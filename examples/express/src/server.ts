import { answerClientErrors } from '@error-contract/node';
import { connectRateLimitRedis, running, type StartService, serviceContract } from '@error-contract/service-kit';
import { createApp } from './app.js';

/** Starts the Express reference service; port 0 picks a free one. Node's own refusals (a malformed
 * request, an over-large header block) are answered in the contract too. With `redisUrl`, the rate
 * limit is shared through Redis, connected before the first request. */
export const startService: StartService = async (config) => {
  const redis = await connectRateLimitRedis(config);
  const server = createApp(config, redis).listen(config.port, config.host);
  return running(answerClientErrors(server, serviceContract(config)), config.host, async () => redis?.close());
};
