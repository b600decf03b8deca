import type { Server } from 'node:http';
import { answerClientErrors } from '@error-contract/node';
import { connectRateLimitRedis, running, type RunningServer, type ServiceConfig, type StartService, serviceContract } from '@error-contract/service-kit';
import { createApp, type Platform } from './app.js';

/** The platform named by `PLATFORM` (`express`, the default, or `fastify`). */
export function platformFromEnv(env: NodeJS.ProcessEnv = process.env): Platform {
  const name = env.PLATFORM || 'express';
  if (name !== 'express' && name !== 'fastify') throw new TypeError(`PLATFORM must be "express" or "fastify", got ${JSON.stringify(name)}`);
  return name;
}

/** Starts the Nest reference service on `platform`; port 0 picks a free one. Node's own refusals (a
 * malformed request, an over-large header block) are answered in the contract too (on Express by
 * `answerClientErrors`, on Fastify by its `clientErrorHandler` option). With `redisUrl`, the rate
 * limit is shared through Redis, connected before the first request. */
export async function startServiceOn(platform: Platform, config: ServiceConfig): Promise<RunningServer> {
  const redis = await connectRateLimitRedis(config);
  try {
    const app = await createApp(config, redis, platform);
    const server = app.getHttpServer() as Server;
    const started = running(platform === 'express' ? answerClientErrors(server, serviceContract(config)) : server, config.host);
    if (platform === 'express') server.listen(config.port, config.host);
    else await app.listen(config.port, config.host);
    const service = await started;
    return {
      url: service.url,
      // app.close() closes the server (and Fastify), then the rate limit's Redis client goes
      close: () => app.close().finally(async () => redis?.close()),
    };
  } catch (error) {
    await redis?.close();
    throw error;
  }
}

/** The service on the platform `PLATFORM` names (Express by default). */
export const startService: StartService = (config) => startServiceOn(platformFromEnv(), config);

/** The service on platform-express and on platform-fastify, for the suites that run every service. */
export const startOnExpress: StartService = (config) => startServiceOn('express', config);
export const startOnFastify: StartService = (config) => startServiceOn('fastify', config);
