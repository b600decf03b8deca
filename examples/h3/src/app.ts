import { notFound, problems } from '@error-contract/core';
import { errorContract } from '@error-contract/h3';
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
  widgetInput,
  WidgetStore,
} from '@error-contract/service-kit';
import { getRequestIP, getRouterParam, H3, type H3Event, noContent, readValidatedBody } from 'h3';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { boundBody } from './body.js';

/** The role `authenticate` found, kept on the event's context. */
function roleOf(event: H3Event): Role | undefined {
  return event.context.role as Role | undefined;
}

/** The id of `/widgets/:id`, decoded as the other services decode it. */
function idOf(event: H3Event): string {
  return getRouterParam(event, 'id', { decode: true }) ?? '';
}

/** The reference service on h3 2. Checks run in the documented order: Accept (the contract's
 * middleware), rate limit, authentication, routing, authorization, body. With `redis`, the rate
 * limit is rate-limiter-flexible's Redis limiter, shared by every instance, and fails open when
 * Redis is away. */
export function createApp(config: ServiceConfig, redis?: RateLimitRedis): H3 {
  const errors = errorContract(serviceContract(config));
  // The contract's onError logs 5xx with their stack; h3's own logger would print them twice.
  const app = new H3({ onError: errors.onError, silent: true });
  const store = new WidgetStore();

  // The public documents answer before the contract's middleware (its Accept check), the rate
  // limit and authentication: a browser (Accept: text/html) and a tool without a token both read them.
  // served by Node's own server, which answers its parser's refusals in the contract (server.ts)
  const documents = publicDocuments(serviceContract(config), serviceOpenApi(serviceContract(config), { nodeServer: true }));
  app.use(function publicDocumentsRoute(event) {
    const answer = documents(event.req.method, event.url.pathname, event.req.headers.get('accept') ?? undefined);
    if (answer === undefined) return undefined;
    return new Response(event.req.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
  });
  app.use(errors.middleware);

  const limits = { points: config.rateLimit, duration: config.rateWindowS };
  const limiter = redis === undefined ? new RateLimiterMemory(limits) : new RateLimiterRedis({ ...limits, storeClient: redis.client, keyPrefix: 'reference-h3' });
  app.use(async function rateLimit(event) {
    try {
      await limiter.consume(clientKey(event.req.headers.get('authorization'), getRequestIP(event)));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        // the store failed: the request goes on without a limit (service-kit's fail-open policy)
        redis?.storeFailed(rejection);
        return;
      }
      throw problems.tooManyRequests({ retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) });
    }
  });
  app.use(function authentication(event) {
    event.context.role = authenticate(event.req.headers.get('authorization'));
  });

  for (const prefix of PREFIXES) {
    app.get(`${prefix}/widgets`, () => store.list());
    app.get(`${prefix}/widgets/:id`, (event) => {
      const widget = store.get(idOf(event));
      if (widget === undefined) throw notFound(noSuchWidget(idOf(event)));
      return widget;
    });
    app.post(`${prefix}/widgets`, async (event) => {
      requireWriter(roleOf(event));
      const headers = event.req.headers;
      requireJsonContentType(headers.get('content-type'), headers.get('content-encoding'), headers.get('content-length'));
      await boundBody(event, BODY_LIMIT_BYTES);
      // zod is a Standard Schema: h3 throws its issues, the contract answers them as field problems
      const widget = store.create(await readValidatedBody(event, widgetInput));
      event.res.status = 201;
      return widget;
    });
    app.delete(`${prefix}/widgets/:id`, (event) => {
      requireWriter(roleOf(event));
      if (!store.delete(idOf(event))) throw notFound(noSuchWidget(idOf(event)));
      return noContent();
    });
    app.get(`${prefix}/fail`, () => {
      throw new Error('connection to db-7 failed: password=hunter2');
    });
  }
  return app;
}
