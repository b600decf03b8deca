import { notFound } from '@error-contract/core';
import { pathOfTarget } from '@error-contract/core/adapter';
import { errorContract, frameworkErrors } from '@error-contract/fastify';
import { clientErrorListener, expectationListener } from '@error-contract/node';
import {
  authenticate,
  BODY_LIMIT_BYTES,
  noSuchWidget,
  PREFIXES,
  publicDocuments,
  type RateLimitRedis,
  requireJsonContentType,
  requireWriter,
  type Role,
  type ServiceConfig,
  serviceContract,
  serviceOpenApi,
  WidgetStore,
} from '@error-contract/service-kit';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type onRequestAsyncHookHandler } from 'fastify';
import { inflateBody } from './inflate-body.js';
import { ignoreBodies, readJsonBodies } from './json-body.js';
import { rateLimiter } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the caller is, set by the authentication hook. */
    role: Role | undefined;
  }
}

type WidgetParams = { Params: { id: string } };

/** A reader may not write; a write's body must be JSON we can read, checked before it is read. */
const writerOnly: onRequestAsyncHookHandler = async function writerOnly(request) {
  requireWriter(request.role);
  if (request.method === 'POST') requireJsonContentType(request.headers['content-type'], request.headers['content-encoding'], request.headers['content-length']);
};

/** The routes of one prefix, registered under it (an encapsulated context with the root's hooks). */
function widgetRoutes(store: WidgetStore): FastifyPluginAsync {
  return async function widgets(api) {
    api.get('/widgets', async () => store.list());
    api.get<WidgetParams>('/widgets/:id', async (request) => {
      const widget = store.get(request.params.id);
      if (widget === undefined) throw notFound(noSuchWidget(request.params.id));
      return widget;
    });
    // The one route with a body, in a context of its own, the only one that parses JSON.
    await api.register(async function writes(body) {
      readJsonBodies(body);
      // Validated in the handler with the service's zod schema (not a Fastify JSON schema), so
      // that the field problems are worded as on every other framework.
      body.post('/widgets', { onRequest: writerOnly, preParsing: inflateBody }, async (request, reply) => reply.code(201).send(store.create(request.body)));
    });
    api.delete<WidgetParams>('/widgets/:id', { onRequest: writerOnly }, async (request, reply) => {
      if (!store.delete(request.params.id)) throw notFound(noSuchWidget(request.params.id));
      return reply.code(204).send();
    });
    api.get('/fail', async () => {
      throw new Error('connection to db-7 failed: password=hunter2');
    });
  };
}

/**
 * The Fastify the service runs on, and the rate-limit plugin made for that major: Fastify 5 by
 * default; the tests also run the same service on Fastify 4 with @fastify/rate-limit 9.
 */
export interface FastifyPlatform {
  major: 4 | 5;
  fastify: typeof Fastify;
  rateLimit: typeof rateLimit;
}

export const FASTIFY_5: FastifyPlatform = { major: 5, fastify: Fastify, rateLimit };

/** The reference service on Fastify. Checks run in the documented order: Accept, rate limit,
 * authentication (root onRequest hooks, in that order, which Fastify runs for route misses too),
 * routing, authorization, body (the route's own hooks). With `redis`, the rate limit is shared by
 * every instance. */
export async function createApp(config: ServiceConfig, redis?: RateLimitRedis, platform: FastifyPlatform = FASTIFY_5): Promise<FastifyInstance> {
  const contract = serviceContract(config);
  const router = {
    // Fastify refuses a parameter over 100 characters with 414 (FST_ERR_MAX_PARAM_LENGTH); an
    // 8 kB id is the widget route's 404 naming the id on the other services (Node's 16 kB header
    // limit bounds it).
    maxParamLength: 16 * 1024,
    // `/widgets/` is `/widgets`, as Express's and Koa's routers (not strict) read it.
    ignoreTrailingSlash: true,
  };
  const app = platform.fastify({
    // Fastify 5 takes the router's options apart; Fastify 4 at the top level
    ...(platform.major === 5 ? { routerOptions: router } : router),
    bodyLimit: BODY_LIMIT_BYTES,
    // Node's own refusals (a malformed request, an over-large header block) in the contract;
    // Fastify's default clientErrorHandler answers them with its own JSON.
    clientErrorHandler: clientErrorListener(contract),
    // A path the router cannot decode, refused before any hook runs: in the contract too.
    frameworkErrors: frameworkErrors(contract),
    // Node's own default, as the other services' servers keep it; Fastify's is 0, no limit at all,
    // which leaves a slow client holding a connection forever (Node then answers 408, in the
    // contract through `clientErrorListener`).
    requestTimeout: 300_000,
    // While it closes, Fastify answers a request arriving on a busy keep-alive connection with its
    // own 503 JSON (fastify/lib/route.js), before any hook: not the contract's shape. Without it the
    // request is served (with Connection: close), as the other services serve it.
    return503OnClosing: false,
  });
  app.server.on('checkExpectation', expectationListener(contract));
  ignoreBodies(app);
  const store = new WidgetStore();

  // The public documents answer before the contract's Accept check, the rate limit and
  // authentication: a browser (Accept: text/html) and a tool without a token both read them.
  // Fastify's server answers Node's parser refusals in the contract (clientErrorHandler above)
  const documents = publicDocuments(contract, serviceOpenApi(contract, { nodeServer: true }));
  app.addHook('onRequest', async function publicDocumentsRoute(request, reply) {
    // the target's path, as routing reads it: without the query, and also in absolute form
    const answer = documents(request.method, pathOfTarget(request.raw.url ?? request.url), request.headers.accept);
    if (answer === undefined) return;
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  // Hooks run in the order they are added: the contract's Accept check, the limit, then who it is.
  await app.register(errorContract, { contract });
  app.addHook('onRequest', await rateLimiter(app, config, redis, platform.rateLimit));
  app.decorateRequest('role', undefined);
  app.addHook('onRequest', async function authentication(request) {
    request.role = authenticate(request.headers.authorization);
  });

  for (const prefix of PREFIXES) await app.register(widgetRoutes(store), { prefix });
  return app;
}
