import type { RequestLike } from '@error-contract/core';
import type { Context } from 'koa';

/**
 * What core needs of a Koa request. `originalUrl` is the path called, also under koa-mount; the
 * method and headers are read from Node's request, past Koa's delegating getters (this runs on
 * every request).
 */
export function requestLike(ctx: Context): RequestLike {
  return { method: ctx.req.method ?? 'GET', path: ctx.originalUrl, headers: ctx.req.headers };
}
