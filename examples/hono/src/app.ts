import { badRequest, notFound } from '@error-contract/core';
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
import { OpenAPIHono } from '@hono/zod-openapi';
import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { RedisStore, rateLimiter } from 'hono-rate-limiter';
import { inflateBody } from './inflate-body.js';
import { widgetRoutes, widgetsDocument } from './widget-routes.js';

type Env = { Variables: { role: Role } };

/** What differs between the runtimes the app is served on: how a request's peer address is read
 * (Node's socket, Bun's `requestIP`, Deno's `remoteAddr`, Cloudflare's `CF-Connecting-IP`), and the
 * Redis client, which only Node, Bun and Deno have. */
export interface RuntimeParts {
  /** The address the rate limit keys an anonymous client by; undefined when the runtime has none. */
  clientAddress(c: Context): string | undefined;
  redis?: RateLimitRedis | undefined;
  /** Served by Node's own server, which answers its parser's refusals in the contract (server.ts); Bun's, Deno's and workerd's do not. */
  nodeServer?: boolean;
}

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

/** Hono answers HEAD with the GET answer's headers and no body. Where the GET answer states no
 * length (`c.json()` leaves it to the server), Bun's and Deno's servers then send
 * `Content-Length: 0`, which RFC 9110 section 8.6 forbids (a HEAD answer's length is the GET
 * body's, or absent); Node's leaves it out. So the length of the body Hono drops is stated. */
const headContentLength = createMiddleware(async function headContentLength(c, next) {
  await next();
  if (c.req.method !== 'HEAD' || c.res.body === null || c.res.headers.has('content-length')) return;
  c.res.headers.set('content-length', String((await c.res.clone().arrayBuffer()).byteLength));
});

/** hono/body-limit reads a chunked body itself. A body that breaks off while it reads is the
 * client's failure, not a bug: workerd passes a malformed chunk on to the app as a bare
 * `Error('Network connection lost.')`, which would be a 500; it is a 400, as Node's parser answers
 * it. The limit's own 413 (an HTTPException) and anything after the body was read pass through. */
function bodyWithin(maxSize: number) {
  const limit = bodyLimit({ maxSize });
  return createMiddleware<Env>(async function bodyWithin(c, next) {
    let read = false;
    try {
      return await limit(c, () => {
        read = true;
        return next();
      });
    } catch (error) {
      if (read || error instanceof HTTPException) throw error;
      throw badRequest('The request body could not be read.');
    }
  });
}

/** The reference service on Hono, as the fetch handler to serve (the app's own: `app.request()`
 * goes through the contract too). Checks run in the documented order: Accept (the contract's
 * middleware, first), rate limit, authentication, routing, authorization, body. */
export function createFetch(config: ServiceConfig, { clientAddress, redis, nodeServer = false }: RuntimeParts): FetchHandler {
  const app = new OpenAPIHono<Env>();
  app.use(headContentLength);
  const contract = serviceContract(config);
  const errors = errorContract(app, contract);
  // The public documents answer before the contract's middleware (its Accept check), the rate
  // limit and authentication: a browser (Accept: text/html) and a tool without a token both read them.
  // The OpenAPI document is built from the routes below, once they are declared.
  let documents: ReturnType<typeof publicDocuments> | undefined;
  app.use(async function publicDocumentsRoute(c, next) {
    const answer = documents?.(c.req.method, c.req.path, c.req.header('accept'));
    if (answer === undefined) return next();
    return c.body(answer.body, answer.status as 200, answer.headers);
  });
  app.use(errors.middleware);
  app.onError(errors.onError);
  app.notFound(errors.notFound);
  // a validator @hono/zod-openapi adds for a route's `request` answers in the contract (`validation_failed`)
  app.defaultHook = errors.validationHook;
  const store = new WidgetStore();

  const limiter = rateLimiter<Env>({
    windowMs: config.rateWindowS * 1000,
    limit: config.rateLimit,
    standardHeaders: 'draft-7',
    keyGenerator: (c) => clientKey(c.req.header('authorization'), clientAddress(c)),
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

  const readBody = [bodyWithin(BODY_LIMIT_BYTES), inflateBody(BODY_LIMIT_BYTES), zValidator('json', widgetInput, errors.validationHook)];
  for (const prefix of PREFIXES) {
    const routes = widgetRoutes(contract, prefix, { writerOnly, readBody });
    app.openapi(routes.list, (c) => c.json(store.list(), 200));
    app.openapi(routes.get, (c) => {
      const { id } = c.req.valid('param');
      const widget = store.get(id);
      if (widget === undefined) throw notFound(noSuchWidget(id));
      return c.json(widget, 200);
    });
    // the body was validated by `readBody`'s zValidator (the route documents it by reference: widget-routes.ts)
    app.openapi(routes.create, (c) => c.json(store.create(c.req.valid('json' as never)), 201));
    app.openapi(routes.delete, (c) => {
      const { id } = c.req.valid('param');
      if (!store.delete(id)) throw notFound(noSuchWidget(id));
      return c.body(null, 204);
    });
    app.get(`${prefix}/fail`, () => {
      throw new Error('connection to db-7 failed: password=hunter2');
    });
  }
  documents = publicDocuments(contract, widgetsDocument(app, contract, { nodeServer }));

  return app.fetch;
}
