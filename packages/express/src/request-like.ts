import { pathOfTarget, type RequestLike } from '@error-contract/core';
import type { Request } from 'express';

/**
 * What core needs of an Express request. `originalUrl` keeps the full path under mounted routers
 * (where `req.url` has been trimmed); core reads its path (absolute-form targets included).
 */
export function requestLike(req: Request): RequestLike {
  return { method: req.method, path: req.originalUrl ?? req.url, headers: req.headers };
}

/** The path of `originalUrl` (no query; the path of an absolute-form target), as the router matches it. */
export function pathOf(req: Request): string {
  return pathOfTarget(req.originalUrl ?? req.url ?? '/');
}
