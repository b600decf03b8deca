import type { Context } from 'hono';

interface MatchedRoute {
  method?: unknown;
  path?: unknown;
}

/**
 * The template of the route that matched a request, as Hono spells it: the path of the last
 * matched route registered for a method (`app.get('/widgets/:id')`, with the paths of `app.route()`
 * and `basePath()` joined), read from `c.req.matchedRoutes` (what `routePath(c, -1)` of
 * `hono/route` reads, on every Hono 4). Middleware (`app.use`, and `app.all`, registered for the
 * method `ALL`) is not a route: on an unknown path no route matched, and there is none. Core
 * records it as `http.route` on its `error_contract.responses` metric.
 *
 * @example
 * import { routeTemplateOf } from '@error-contract/hono';
 *
 * app.get('/widgets/:id', (c) => c.text(routeTemplateOf(c) ?? '')); // '/widgets/:id'
 */
export function routeTemplateOf(c: Context): string | undefined {
  try {
    const routes = (c.req as unknown as { matchedRoutes?: unknown }).matchedRoutes;
    if (!Array.isArray(routes)) return undefined;
    for (let index = routes.length - 1; index >= 0; index--) {
      const route = routes[index] as MatchedRoute | undefined;
      if (typeof route?.method === 'string' && route.method !== 'ALL' && typeof route.path === 'string' && route.path !== '') return route.path;
    }
    return undefined;
  } catch {
    return undefined;
  }
}
