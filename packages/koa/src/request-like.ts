import type { RequestLike } from '@error-contract/core';
import { withRoute } from '@error-contract/core/adapter';
import type { Context } from 'koa';
import { routeTemplateOf } from './route-template.js';

/**
 * What core needs of a Koa request. `originalUrl` is the path called, also under koa-mount; the
 * method and headers are read from Node's request, past Koa's delegating getters (this runs on
 * every request). `route` is the matched route's template (see route-template.ts).
 */
export function requestLike(ctx: Context): RequestLike {
  return withRoute({ method: ctx.req.method ?? 'GET', path: ctx.originalUrl, headers: ctx.req.headers }, routeTemplateOf(ctx));
}
