// The reference service on Nest, platform-express or platform-fastify. Nest's own parts do what Nest
// does best: controllers for the routes (widgets.controller.ts, described for @nestjs/swagger), a
// guard, an interceptor and a pipe after routing (after-routing.ts). The contract's filter answers every failure; the checks that come before
// routing (Accept, rate limit, authentication) are middleware on the platform's app, in that order.
import 'reflect-metadata';
import { pathOfTarget } from '@error-contract/core/adapter';
import { errorContract } from '@error-contract/express';
import { frameworkErrors } from '@error-contract/fastify';
import { ErrorContractFilter } from '@error-contract/nest';
import { clientErrorListener, expectationListener } from '@error-contract/node';
import { authenticate, clientKey, PREFIXES, publicDocuments, type RateLimitRedis, type ServiceConfig, serviceContract, WidgetStore } from '@error-contract/service-kit';
// the Fastify service's limiter, as it is: on platform-fastify the Nest service counts the same way
import { rateLimiter } from '@error-contract/example-fastify/rate-limit';
import { type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import express, { type Request } from 'express';
import { ipKeyGenerator, type Options as RateLimitOptions, rateLimit } from 'express-rate-limit';
import type { FastifyInstance } from 'fastify';
import { RedisStore } from 'rate-limit-redis';
import { ROLES } from './after-routing.js';
import { serviceDocument } from './openapi.js';
import { STORE, widgetsController } from './widgets.controller.js';

@Module({ controllers: PREFIXES.map(widgetsController), providers: [{ provide: STORE, useValue: new WidgetStore() }] })
class AppModule {}

/** With Redis, express-rate-limit's own Redis store, failing open when Redis is away. */
function sharedStore(redis: RateLimitRedis | undefined, config: ServiceConfig): Partial<RateLimitOptions> {
  if (redis === undefined) return {};
  const { client } = redis;
  return {
    store: new RedisStore({ prefix: 'reference-nest-express:', sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<never> }),
    passOnStoreError: true,
    logger: { error: (error) => redis.storeFailed(error), warn: (error, message) => (config.log ?? console.warn)(message, error) },
  };
}

/** The platform the service runs on: `PLATFORM=fastify` picks platform-fastify. */
export type Platform = 'express' | 'fastify';

/**
 * The reference service on Nest, initialised, not listening. Checks run in the documented order:
 * Accept, rate limit, authentication (before Nest's router: Express middleware or Fastify
 * onRequest hooks), routing (Nest's router; its 404 and 405 through the filter), authorization (a
 * guard), body (an interceptor, then the validation pipe).
 */
export async function createApp(config: ServiceConfig, redis?: RateLimitRedis, platform: Platform = 'express'): Promise<INestApplication> {
  return platform === 'fastify' ? createFastifyApp(config, redis) : createExpressApp(config, redis);
}

async function createExpressApp(config: ServiceConfig, redis: RateLimitRedis | undefined): Promise<INestApplication> {
  const contract = serviceContract(config);
  const errors = new ErrorContractFilter(contract);
  const server = express();
  server.disable('x-powered-by');
  // Nest's body parsers would read every body before routing: the body is read last, by JsonBody.
  const app = await NestFactory.create(AppModule, new ExpressAdapter(server), { bodyParser: false, logger: false });

  // The public documents answer before the contract's Accept check, the rate limit and
  // authentication: a browser (Accept: text/html) and a tool without a token both read them.
  const documents = publicDocuments(contract, serviceDocument(app, contract));
  app.use(function publicDocumentsRoute(req: Request, res: express.Response, next: express.NextFunction) {
    const answer = documents(req.method, req.path, req.get('accept'));
    if (answer === undefined) return next();
    res.status(answer.status).set(answer.headers).send(answer.body);
  });
  errors.beforeRouting(server);
  app.use(
    rateLimit({
      windowMs: config.rateWindowS * 1000,
      limit: config.rateLimit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      keyGenerator: (req) => clientKey(req.headers.authorization, ipKeyGenerator(req.ip ?? '')),
      // express-rate-limit's refusal: 429 with Retry-After, by @error-contract/express
      handler: errorContract(contract).rateLimitHandler,
      ...sharedStore(redis, config),
    }),
  );
  app.use(function authentication(req: Request, _res: express.Response, next: express.NextFunction) {
    ROLES.set(req, authenticate(req.headers.authorization));
    next();
  });
  app.useGlobalFilters(errors);
  await app.init();
  return app;
}

async function createFastifyApp(config: ServiceConfig, redis: RateLimitRedis | undefined): Promise<INestApplication> {
  const contract = serviceContract(config);
  const errors = new ErrorContractFilter(contract);
  const adapter = new FastifyAdapter({
    // `/widgets/` is `/widgets`, and an 8 kB id is the widget route's 404 naming the id, as on Express.
    routerOptions: { maxParamLength: 16 * 1024, ignoreTrailingSlash: true },
    // Node's own refusals, and a path Fastify's router cannot decode, in the contract.
    clientErrorHandler: clientErrorListener(contract),
    // (the adapter's types are those of the copy of Fastify that @error-contract/fastify was built against)
    frameworkErrors: frameworkErrors(contract) as never,
    requestTimeout: 300_000,
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { bodyParser: false, logger: false });
  // Typed with the Fastify the contract's packages see (platform-fastify pins its own copy).
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.server.on('checkExpectation', expectationListener(contract));
  ignoreBodies(fastify);

  const documents = publicDocuments(contract, serviceDocument(app, contract));
  fastify.addHook('onRequest', async function publicDocumentsRoute(request, reply) {
    const answer = documents(request.method, pathOfTarget(request.raw.url ?? request.url), request.headers.accept);
    if (answer === undefined) return;
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  // Hooks run in the order they are added: the contract's Accept check, the limit, then who it is.
  errors.beforeRouting(fastify);
  fastify.addHook('onRequest', await rateLimiter(fastify, config, redis, undefined, 'reference-nest-fastify:'));
  fastify.addHook('onRequest', async function authentication(request) {
    ROLES.set(request.raw, authenticate(request.headers.authorization));
  });
  app.useGlobalFilters(errors);
  await app.init();
  await fastify.ready();
  return app;
}

/**
 * Fastify leaves every body unread (JsonBody reads the one route's body, after authorization), as
 * Express's routes without a body parser do: Fastify's own parsers would refuse a `DELETE` with
 * `Content-Type: application/json` and no bytes as an empty JSON body, or another type as 415.
 */
function ignoreBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', function ignoreBody(_request, _payload, done) {
    done(null, undefined);
  });
}
