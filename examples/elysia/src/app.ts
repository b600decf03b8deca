// The reference service (REFERENCE-SERVICE.md) on Elysia 1, with @error-contract/elysia. Checks run
// in the documented order: the public documents and then Accept (the contract's hook) before
// routing, the rate limit, authentication, routing, authorization (in the route's hooks), the body.
// Elysia runs `onRequest` hooks in the order they are registered, before it routes.
import type { ErrorContract } from '@error-contract/core';
import { pathOfUrl } from '@error-contract/core/adapter';
import { errorContract } from '@error-contract/elysia';
import { authenticate, clientKey, PREFIXES, publicDocuments, type RateLimitRedis, type ServiceConfig, serviceContract, WidgetStore } from '@error-contract/service-kit';
import { type AnyElysia, Elysia } from 'elysia';
import { serviceDocument } from './openapi.js';
import { rateLimit } from './rate-limit.js';
import { widgetRoutes } from './widget-routes.js';

/** What the runtime gives the app: the Redis client of the shared rate limit, when REDIS_URL is set. */
export interface RuntimeParts {
  redis?: RateLimitRedis | undefined;
}

/** Bun's address of the client, for the rate limit of requests without a token. */
interface PeerServer {
  requestIP?(request: Request): { address: string } | null;
}

/** The widget routes under every prefix (typed as any app: each prefix adds its own routes' types). */
function widgetApi(store: WidgetStore, contract: ErrorContract): AnyElysia {
  let api: AnyElysia = new Elysia();
  for (const prefix of PREFIXES) api = api.use(widgetRoutes(prefix, store, contract));
  return api;
}

/** The reference service on Elysia, ready to `listen` (Bun) or to `handle` requests. */
export async function createApp(config: ServiceConfig, { redis }: RuntimeParts = {}) {
  const contract = serviceContract(config);
  const store = new WidgetStore();
  // the document @elysiajs/openapi generates from the same routes (openapi.ts)
  const documents = publicDocuments(contract, await serviceDocument(contract, widgetApi(store, contract)));
  const limit = rateLimit(config, redis);
  return new Elysia()
    // The public documents answer before the contract's Accept check, the rate limit and
    // authentication: a browser (Accept: text/html) and a tool without a token both read them.
    .onRequest(function publicDocumentsRoute({ request }) {
      const answer = documents(request.method, pathOfUrl(request.url), request.headers.get('accept') ?? undefined);
      if (answer === undefined) return undefined;
      return new Response(request.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
    })
    .use(errorContract(contract))
    .onRequest(async function rateLimitByClient({ request, server }) {
      const address = (server as PeerServer | null)?.requestIP?.(request)?.address;
      await limit(clientKey(request.headers.get('authorization'), address));
    })
    .onRequest(function authenticateClient({ request }) {
      authenticate(request.headers.get('authorization'));
    })
    .use(widgetApi(store, contract));
}
