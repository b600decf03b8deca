import type { RequestLike } from '@error-contract/core';
import type { Context } from 'koa';
import { routeTemplateOf } from './route-template.js';

/**
 * What core needs of a Koa request. `originalUrl` is the path called, also under koa-mount; the
 * method and headers are read from Node's request, past Koa's delegating getters (this runs on
 * every request). `route` is the matched route's template (see route-template.ts).
 */
export function requestLike(ctx: Context): RequestLike {
  const like: RequestLike = { method: ctx.req.method ?? 'GET', path: ctx.originalUrl, headers: ctx.req.headers };
  const route = routeTemplateOf(ctx);
  if (route !== undefined) like.route = route;
  return like;
}
