import type { RequestLike } from '@error-contract/core';
import { pathOfTarget, withRoute } from '@error-contract/core/adapter';
import type { Request } from 'express';
import { routeTemplateOf } from './route-template.js';

/**
 * What core needs of an Express request. `originalUrl` keeps the full path under mounted routers
 * (where `req.url` has been trimmed); core reads its path (absolute-form targets included). `route`
 * is the matched route's template, when a route matched (see route-template.ts).
 */
export function requestLike(req: Request): RequestLike {
  return withRoute({ method: req.method, path: req.originalUrl ?? req.url, headers: req.headers }, routeTemplateOf(req));
}

/** The path of `originalUrl` (no query; the path of an absolute-form target), as the router matches it. */
export function pathOf(req: Request): string {
  return pathOfTarget(req.originalUrl ?? req.url ?? '/');
}
