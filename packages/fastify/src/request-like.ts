import type { ErrorLogger, RequestLike } from '@error-contract/core';
import { withRoute } from '@error-contract/core/adapter';
import type { FastifyRequest } from 'fastify';
import { declaredCodesOf } from './declared-codes.js';
import { routeTemplateOf } from './route-template.js';

/**
 * What core needs of a Fastify request. The path is the one the client sent (`request.raw.url`,
 * the query cut off by core): `request.url` is the same in Fastify, but a `rewriteUrl` option may
 * have changed what routing saw, and `instance` names what the client called. `logger` is where
 * core's line goes when the contract has no logger of its own (see log-line.ts); `route` the
 * matched route's template (see route-template.ts); `declaredCodes` the route's declaration, read
 * by core only with `checkDeclaredCodes` (a getter: nothing is read without it).
 */
export function requestLike(request: FastifyRequest, logger?: ErrorLogger): RequestLike {
  const like: RequestLike = { method: request.raw.method ?? request.method, path: request.raw.url ?? request.url, headers: request.headers };
  if (logger !== undefined) like.logger = logger;
  Object.defineProperty(like, 'declaredCodes', { get: () => declaredCodesOf(request), enumerable: false, configurable: true });
  return withRoute(like, routeTemplateOf(request));
}
