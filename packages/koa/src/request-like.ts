import type { RequestLike } from '@error-contract/core';
import type { Context } from 'koa';

/** What core needs of a Koa request. `originalUrl` is the path called, also under koa-mount. */
export function requestLike(ctx: Context): RequestLike {
  return { method: ctx.method, path: ctx.originalUrl, headers: ctx.headers };
}
