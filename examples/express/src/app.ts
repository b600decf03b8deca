import { notFound } from '@error-contract/core';
import { errorContract } from '@error-contract/express';
import {
  authenticate,
  BODY_LIMIT_BYTES,
  clientKey,
  noSuchWidget,
  PREFIXES,
  publicDocuments,
  serviceOpenApi,
  type RateLimitRedis,
  requireJsonContentType,
  requireWriter,
  type Role,
  type ServiceConfig,
  serviceContract,
  WidgetStore,
} from '@error-contract/service-kit';
import express, { type RequestHandler } from 'express';
import { ipKeyGenerator, type Options as RateLimitOptions, rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';

/** With Redis, express-rate-limit's own Redis store, failing open (`passOnStoreError`) when Redis
 * is away, the outage logged once. */
function sharedStore(redis: RateLimitRedis | undefined, config: ServiceConfig): Partial<RateLimitOptions> {
  if (redis === undefined) return {};
  const { client } = redis;
  return {
    store: new RedisStore({ prefix: 'reference-express:', sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<never> }),
    passOnStoreError: true,
    logger: { error: (error) => redis.storeFailed(error), warn: (error, message) => (config.log ?? console.warn)(message, error) },
  };
}

/** The reference service on Express. Checks run in the documented order: Accept, rate limit,
 * authentication, routing, authorization, body. With `redis`, the rate limit is shared by every
 * instance. */
export function createApp(config: ServiceConfig, redis?: RateLimitRedis): express.Express {
  const app = express();
  app.disable('x-powered-by');
  const errors = errorContract(serviceContract(config));
  const store = new WidgetStore();

  // The public documents answer before the contract's Accept check, the rate limit and
  // authentication: a browser (Accept: text/html) and a tool without a token both read them.
  // served by Node's own server, which answers its parser's refusals in the contract (server.ts)
  const documents = publicDocuments(serviceContract(config), serviceOpenApi(serviceContract(config), { nodeServer: true }));
  app.use(function publicDocumentsRoute(req, res, next) {
    const answer = documents(req.method, req.path, req.get('accept'));
    if (answer === undefined) return next();
    res.status(answer.status).set(answer.headers).send(answer.body);
  });
  app.use(errors.guard());
  app.use(
    rateLimit({
      windowMs: config.rateWindowS * 1000,
      limit: config.rateLimit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      keyGenerator: (req) => clientKey(req.headers.authorization, ipKeyGenerator(req.ip ?? '')),
      handler: errors.rateLimitHandler,
      ...sharedStore(redis, config),
    }),
  );
  app.use((req, res, next) => {
    res.locals.role = authenticate(req.headers.authorization);
    next();
  });

  const writerOnly: RequestHandler = (req, res, next) => {
    requireWriter(res.locals.role as Role);
    if (req.method === 'POST') requireJsonContentType(req.headers['content-type'], req.headers['content-encoding'], req.headers['content-length']);
    next();
  };

  const routes = express.Router();
  routes.get('/widgets', (_req, res) => {
    res.json(store.list());
  });
  routes.get('/widgets/:id', (req, res) => {
    const widget = store.get(req.params.id);
    if (widget === undefined) throw notFound(noSuchWidget(req.params.id));
    res.json(widget);
  });
  routes.post('/widgets', writerOnly, express.json({ limit: BODY_LIMIT_BYTES, type: () => true, strict: false }), (req, res) => {
    res.status(201).json(store.create(req.body));
  });
  routes.delete('/widgets/:id', writerOnly, (req, res) => {
    const { id } = req.params as { id: string };
    if (!store.delete(id)) throw notFound(noSuchWidget(id));
    res.status(204).end();
  });
  routes.get('/fail', () => {
    throw new Error('connection to db-7 failed: password=hunter2');
  });
  for (const prefix of PREFIXES) app.use(prefix, routes);

  app.use(errors.fallback());
  app.use(errors.handler());
  return app;
}
