import type { Request } from 'express';
import { pathOf } from './request-like.js';

// What a router keeps of its layers: a route's layer holds the route (`layer.route`); a router
// mounted with `use(path, router)` holds that router (`handle.stack`) and, on Express 5's router
// (router 2), the path given to `use()` as `rawPath`. Express 4 keeps only a regular expression.
interface Layer {
  route?: unknown;
  rawPath?: unknown;
  handle?: { stack?: unknown };
}

// A mount path with a parameter or pattern (`/users/:id`, `/files/*rest`, `{/:lang}`).
const PATTERN = /[:*?(){}]/;
// Routers nest a few levels deep in practice; a cycle (a router mounted in itself) stops here.
const MAX_DEPTH = 8;

/**
 * The mount paths leading from `stack` to the layer holding `route`, joined, with the route's
 * path: `/api` + `/widgets/:id`. A literal mount is entered only when the path called is under it
 * (one router mounted at `/v1` and `/v2` is told apart by the path); a parameterised mount keeps
 * its template (`/users/:userId`), never the values called.
 */
function templateIn(stack: unknown, route: { path: string }, path: string, prefix: string, depth: number): string | undefined {
  if (!Array.isArray(stack) || depth > MAX_DEPTH) return undefined;
  for (const layer of stack as Layer[]) {
    if (layer?.route === route) return `${prefix}${route.path}`;
    const inner = layer?.handle?.stack;
    const mountPath = layer?.rawPath;
    if (!Array.isArray(inner) || typeof mountPath !== 'string') continue;
    const mount = mountPath.endsWith('/') ? mountPath.slice(0, -1) : mountPath;
    if (PATTERN.test(mount)) {
      const found = templateIn(inner, route, '', `${prefix}${mount}`, depth + 1);
      if (found !== undefined) return found;
    } else if (mount === '' || path === mount || path.startsWith(`${mount}/`)) {
      const found = templateIn(inner, route, path.slice(mount.length), `${prefix}${mount}`, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The template of the route that matched a request, as Express spells it: `req.route.path`
 * (`/widgets/:id`) joined with the paths its routers were mounted at (`app.use('/api', router)`:
 * `/api/widgets/:id`), found by walking the app's router stack to the layer holding `req.route`
 * (by the time an error handler runs, Express has restored `req.baseUrl` to the app's, so the
 * mount cannot be read from it; and under a parameterised mount `baseUrl` holds the values
 * called, never a template). Undefined when no route matched (a route miss, a middleware's failure
 * before routing), when the route's path is not a string (a regular expression, an array), or when
 * the route is not found from the app's stack (a router mounted by Express 4, which keeps no mount
 * path). Core records it as `http.route` on its `error_contract.responses` metric.
 *
 * @example
 * import { routeTemplateOf } from '@error-contract/express';
 *
 * app.use('/api', router); // router.get('/widgets/:id', ...)
 * routeTemplateOf(req); // '/api/widgets/:id' for GET /api/widgets/7
 */
export function routeTemplateOf(req: Request): string | undefined {
  try {
    const route = req.route as { path?: unknown } | undefined;
    if (route === undefined || route === null || typeof route.path !== 'string') return undefined;
    const app = req.app as unknown as { router?: { stack?: unknown }; _router?: { stack?: unknown } } | undefined;
    // Express 5's `app.router` is a getter that makes the router when missing: it exists here
    const stack = (app?._router ?? app?.router)?.stack;
    return templateIn(stack, route as { path: string }, pathOf(req), '', 0);
  } catch {
    return undefined;
  }
}
