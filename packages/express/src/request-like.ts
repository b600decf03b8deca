import { type RequestLike, withoutQuery } from '@error-contract/core';
import type { Request } from 'express';

/**
 * What core needs of an Express request. `originalUrl` keeps the full path under mounted routers
 * (where `req.url` has been trimmed); core cuts the query off.
 */
export function requestLike(req: Request): RequestLike {
  return { method: req.method, path: req.originalUrl ?? req.url, headers: req.headers };
}

/** The path part of `originalUrl`, as the router matches it. */
export function pathOf(req: Request): string {
  return withoutQuery(req.originalUrl ?? req.url ?? '/');
}
