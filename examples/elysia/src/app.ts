// The reference service (REFERENCE-SERVICE.md) on Elysia 1, with @error-contract/elysia. Checks run
// in the documented order: the public documents and then Accept (the contract's hook) before
// routing, the rate limit, authentication, routing, authorization (in the route's hooks), the body.
// Elysia runs `onRequest` hooks in the order they are registered, before it routes.
import { notFound } from '@error-contract/core';
import { pathOfUrl } from '@error-contract/core/adapter';
import { errorContract } from '@error-contract/elysia';
import {
  authenticate,
  clientKey,
  noSuchWidget,
  PREFIXES,
  publicDocuments,
  type RateLimitRedis,
  requireWriter,
  type ServiceConfig,
  serviceContract,
  widgetInput,
  WidgetStore,
} from '@error-contract/service-kit';
import { Elysia } from 'elysia';
import { writerJsonBody } from './json-body.js';
import { rateLimit } from './rate-limit.js';

/** What the runtime gives the app: the Redis client of the shared rate limit, when REDIS_URL is set. */
export interface RuntimeParts {
  redis?: RateLimitRedis | undefined;
}

/** Bun's address of the client, for the rate limit of requests without a token. */
interface PeerServer {
  requestIP?(request: Request): { address: string } | null;
}

function requireWriterOf(request: Request): void {
  requireWriter(authenticate(request.headers.get('authorization')));
}

/** The widget routes, as mounted under each prefix. */
function widgetRoutes(prefix: string, store: WidgetStore) {
  return new Elysia({ prefix })
    .get('/widgets', () => store.list())
    .get('/widgets/:id', ({ params }) => {
      const widget = store.get(params.id);
      if (widget === undefined) throw notFound(noSuchWidget(params.id));
      return widget;
    })
    .post('/widgets', ({ body, set }) => {
      set.status = 201;
      return store.create(body);
    }, { parse: writerJsonBody, body: widgetInput })
    .delete('/widgets/:id', ({ params }) => {
      if (!store.delete(params.id)) throw notFound(noSuchWidget(params.id));
      return new Response(null, { status: 204 });
    }, { beforeHandle: ({ request }) => requireWriterOf(request) })
    .get('/fail', () => {
      throw new Error('connection to db-7 failed: password=hunter2');
    });
}

/** The reference service on Elysia, ready to `listen` (Bun) or to `handle` requests. */
export function createApp(config: ServiceConfig, { redis }: RuntimeParts = {}) {
  const documents = publicDocuments(serviceContract(config));
  const limit = rateLimit(config, redis);
  const store = new WidgetStore();
  let app = new Elysia()
    // The public documents answer before the contract's Accept check, the rate limit and
    // authentication: a browser (Accept: text/html) and a tool without a token both read them.
    .onRequest(function publicDocumentsRoute({ request }) {
      const answer = documents(request.method, pathOfUrl(request.url), request.headers.get('accept') ?? undefined);
      if (answer === undefined) return undefined;
      return new Response(request.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
    })
    .use(errorContract(serviceContract(config)))
    .onRequest(async function rateLimitByClient({ request, server }) {
      const address = (server as PeerServer | null)?.requestIP?.(request)?.address;
      await limit(clientKey(request.headers.get('authorization'), address));
    })
    .onRequest(function authenticateClient({ request }) {
      authenticate(request.headers.get('authorization'));
    });
  for (const prefix of PREFIXES) app = app.use(widgetRoutes(prefix, store));
  return app;
}
