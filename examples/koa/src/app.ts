import { notFound } from '@error-contract/core';
import { errorContract } from '@error-contract/koa';
import {
  authenticate,
  BODY_LIMIT_BYTES,
  clientKey,
  failOpen,
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
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import ratelimit from 'koa-ratelimit';

// what co-body's JSON reader (bourne) says of a member named __proto__ or constructor
const FORBIDDEN_MEMBER = /^Object contains forbidden (prototype|constructor) property$/;

/** The reference service on Koa. Checks run in the documented order: Accept, rate limit,
 * authentication, routing, authorization, body. With `redis`, the rate limit is koa-ratelimit's
 * redis driver, shared by every instance, and fails open when Redis is away. */
export function createApp(config: ServiceConfig, redis?: RateLimitRedis): Koa {
  const app = new Koa();
  // The contract's onError logs 5xx with their stack; Koa's own logger would print them twice.
  app.silent = true;
  const store = new WidgetStore();

  // The public documents answer before the contract (its Accept check), the rate limit and
  // authentication: a browser (Accept: text/html) and a tool without a token both read them.
  // served by Node's own server, which answers its parser's refusals in the contract (server.ts)
  const documents = publicDocuments(serviceContract(config), serviceOpenApi(serviceContract(config), { nodeServer: true }));
  app.use(async function publicDocumentsRoute(ctx, next) {
    const answer = documents(ctx.method, ctx.path, ctx.get('accept') || undefined);
    if (answer === undefined) return next();
    // the headers first: Koa keeps a Content-Type that is already set when the body is assigned
    ctx.set(answer.headers);
    ctx.status = answer.status;
    ctx.body = answer.body;
  });
  app.use(errorContract(serviceContract(config)));
  const limits = { duration: config.rateWindowS * 1000, max: config.rateLimit, id: (ctx: Koa.Context) => clientKey(ctx.get('authorization'), ctx.ip) };
  app.use(
    redis === undefined
      ? ratelimit({ driver: 'memory', db: new Map(), ...limits })
      : // @types/koa-ratelimit names the ioredis 4 typings; the driver only calls defineCommand on it
        failOpen(ratelimit({ driver: 'redis', db: redis.client as never, namespace: 'reference-koa', ...limits }), redis.storeFailed),
  );
  app.use(async (ctx, next) => {
    ctx.state.role = authenticate(ctx.get('authorization'));
    await next();
  });

  const writerOnly: Middleware = async (ctx, next) => {
    requireWriter(ctx.state.role as Role);
    if (ctx.method === 'POST') requireJsonContentType(ctx.get('content-type'), ctx.get('content-encoding'), ctx.get('content-length'));
    await next();
  };
  // extendTypes replaces the JSON list, so application/json is named with the +json suffix.
  // Not strict: `null` is valid JSON, and the schema (not the parser) says it is no widget, as on
  // Express and Hono, so all three give the same answer.
  //
  // co-body refuses a member named __proto__ or constructor (a parse error, 400 bad_request) where
  // JSON.parse keeps it as an own key: it is read here as the other services read it, for the
  // strict schema to refuse as an unknown field (validation_failed). Nothing here merges the body
  // into another object, so an own __proto__ key changes no prototype.
  const readJson = bodyParser({
    enableTypes: ['json'],
    extendTypes: { json: ['application/json', '+json'] },
    jsonLimit: BODY_LIMIT_BYTES,
    jsonStrict: false,
    onError(error, ctx) {
      const raw = (error as { body?: unknown }).body;
      if (!FORBIDDEN_MEMBER.test((error as Error).message) || typeof raw !== 'string') throw error;
      ctx.request.body = JSON.parse(raw);
      ctx.request.rawBody = raw;
    },
  });

  for (const prefix of PREFIXES) {
    const router = new Router({ prefix });
    router.get('/widgets', (ctx) => {
      ctx.body = store.list();
    });
    router.get('/widgets/:id', (ctx) => {
      const widget = store.get(ctx.params.id!);
      if (widget === undefined) throw notFound(noSuchWidget(ctx.params.id!));
      ctx.body = widget;
    });
    router.post('/widgets', writerOnly, readJson, (ctx) => {
      ctx.status = 201;
      ctx.body = store.create(ctx.request.body);
    });
    router.delete('/widgets/:id', writerOnly, (ctx) => {
      if (!store.delete(ctx.params.id!)) throw notFound(noSuchWidget(ctx.params.id!));
      ctx.status = 204;
    });
    router.get('/fail', () => {
      throw new Error('connection to db-7 failed: password=hunter2');
    });
    app.use(router.routes());
  }
  return app;
}
