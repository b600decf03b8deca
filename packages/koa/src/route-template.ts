import type { Context } from 'koa';

interface RouterContext {
  _matchedRoute?: unknown;
  routerPath?: unknown;
  matched?: unknown;
}

/**
 * The template of the route that matched a request, as @koa/router spells it: `ctx._matchedRoute`
 * (`/widgets/:id`, with the router's prefix), else `ctx.routerPath`. @koa/router also sets these
 * while a `router.use()` middleware runs, with that middleware's path: when `ctx.matched` (the
 * layers whose path matched) says so, the path is taken only from a layer with methods, a route,
 * so a middleware's failure on an unknown path and a route miss (404, 405) give none. A path
 * under koa-mount is the router's, without the mount's prefix. Core records it as `http.route` on
 * its `error_contract.responses` metric.
 *
 * @example
 * import { routeTemplateOf } from '@error-contract/koa';
 *
 * router.get('/widgets/:id', (ctx) => { ctx.body = routeTemplateOf(ctx); }); // '/widgets/:id'
 */
export function routeTemplateOf(ctx: Context): string | undefined {
  try {
    const routed = ctx as unknown as RouterContext;
    const path = typeof routed._matchedRoute === 'string' ? routed._matchedRoute : routed.routerPath;
    if (typeof path !== 'string' || path === '') return undefined;
    if (!Array.isArray(routed.matched)) return path;
    const isRoute = (layer: { path?: unknown; methods?: unknown }) => layer?.path === path && Array.isArray(layer.methods) && layer.methods.length > 0;
    return (routed.matched as { path?: unknown; methods?: unknown }[]).some(isRoute) ? path : undefined;
  } catch {
    return undefined;
  }
}
