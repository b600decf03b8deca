import { notFound } from '@error-contract/core';
import { errorContract, type FetchHandler } from '@error-contract/hono';
import {
  authenticate,
  BODY_LIMIT_BYTES,
  clientKey,
  noSuchWidget,
  failOpen,
  PREFIXES,
  publicDocuments,
  type RateLimitRedis,
  requireJsonContentType,
  requireWriter,
  type Role,
  type ServiceConfig,
  serviceContract,
  widgetInput,
  WidgetStore,
} from '@error-contract/service-kit';
import { getConnInfo } from '@hono/node-server/conninfo';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { RedisStore, rateLimiter } from 'hono-rate-limiter';
import { inflateBody } from './inflate-body.js';

type Env = { Variables: { role: Role } };

/** hono-rate-limiter's own Redis store, on the ioredis client the service shares. */
function sharedStore(redis: RateLimitRedis): RedisStore<Env> {
  const { client } = redis;
  return new RedisStore<Env>({
    prefix: 'reference-hono:',
    client: {
      scriptLoad: (script) => client.script('LOAD', script) as Promise<string>,
      evalsha: (sha, keys, args) => client.evalsha(sha, keys.length, ...keys, ...(args as string[])) as Promise<never>,
      decr: (key) => client.decr(key),
      del: (key) => client.del(key),
    },
  });
}

/** The reference service on Hono, as the fetch handler to serve (the app's own: `app.request()`
 * goes through the contract too). Checks run in the documented order: Accept (the contract's
 * middleware, first), rate limit, authentication, routing, authorization, body. */
export function createFetch(config: ServiceConfig, redis?: RateLimitRedis): FetchHandler {
  const app = new Hono<Env>();
  const errors = errorContract(app, serviceContract(config));
  // The public documents answer before the contract's middleware (its Accept check), the rate
  // limit and authentication: a browser (Accept: text/html) and a tool without a token both read them.
  const documents = publicDocuments(serviceContract(config));
  app.use(async function publicDocumentsRoute(c, next) {
    const answer = documents(c.req.method, c.req.path, c.req.header('accept'));
    if (answer === undefined) return next();
    return c.body(answer.body, answer.status as 200, answer.headers);
  });
  app.use(errors.middleware);
  app.onError(errors.onError);
  app.notFound(errors.notFound);
  const store = new WidgetStore();

  const limiter = rateLimiter<Env>({
    windowMs: config.rateWindowS * 1000,
    limit: config.rateLimit,
    standardHeaders: 'draft-7',
    keyGenerator: (c) => clientKey(c.req.header('authorization'), getConnInfo(c).remote.address),
    handler: errors.rateLimitHandler,
    ...(redis === undefined ? {} : { store: sharedStore(redis) }),
  });
  app.use(redis === undefined ? limiter : failOpen(limiter, redis.storeFailed));
  app.use(async (c, next) => {
    c.set('role', authenticate(c.req.header('authorization')));
    await next();
  });

  const writerOnly = createMiddleware<Env>(async (c, next) => {
    requireWriter(c.get('role'));
    if (c.req.method === 'POST') requireJsonContentType(c.req.header('content-type'), c.req.header('content-encoding'), c.req.header('content-length'));
    await next();
  });

  const api = new Hono<Env>();
  api.get('/widgets', (c) => c.json(store.list()));
  api.get('/widgets/:id', (c) => {
    const widget = store.get(c.req.param('id'));
    if (widget === undefined) throw notFound(noSuchWidget(c.req.param('id')));
    return c.json(widget);
  });
  api.post('/widgets', writerOnly, bodyLimit({ maxSize: BODY_LIMIT_BYTES }), inflateBody(BODY_LIMIT_BYTES), zValidator('json', widgetInput, errors.validationHook), (c) =>
    c.json(store.create(c.req.valid('json')), 201),
  );
  api.delete('/widgets/:id', writerOnly, (c) => {
    if (!store.delete(c.req.param('id'))) throw notFound(noSuchWidget(c.req.param('id')));
    return c.body(null, 204);
  });
  api.get('/fail', () => {
    throw new Error('connection to db-7 failed: password=hunter2');
  });
  for (const prefix of PREFIXES) app.route(prefix, api);

  return app.fetch;
}
