import { connectRateLimitRedis, type StartService } from '@error-contract/service-kit';
import { createApp, FASTIFY_5, type FastifyPlatform } from './app.js';

/** Starts the Fastify reference service; port 0 picks a free one. With `redisUrl`, the rate limit
 * is shared through Redis, connected before the first request. Node's own refusals are answered in
 * the contract by the app (Fastify's `clientErrorHandler` option). */
export const startService: StartService = (config) => startServiceOn(FASTIFY_5, config);

/** {@link startService} on a given Fastify major (the tests run the service on Fastify 4 too). */
export async function startServiceOn(platform: FastifyPlatform, config: Parameters<StartService>[0]): ReturnType<StartService> {
  const redis = await connectRateLimitRedis(config);
  try {
    const app = await createApp(config, redis, platform);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    return {
      url: `http://${config.host}:${port}`,
      close: () => app.close().finally(async () => redis?.close()),
    };
  } catch (error) {
    await redis?.close();
    throw error;
  }
}
