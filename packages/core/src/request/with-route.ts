// The matched route's template on a request, which every adapter reads from its framework its own
// way and adds the same way: only a real template, so a request no route matched counts no route.
import type { RequestLike } from '../types.js';

/**
 * `request` with `route`, the template of the route that matched (`/widgets/:id`), when it is a
 * non-empty string; core records it as `http.route` on its metric, never the raw path.
 *
 * @example
 * const like = withRoute({ method: req.method, path: req.originalUrl, headers: req.headers }, req.route?.path);
 */
export function withRoute(request: RequestLike, route: unknown): RequestLike {
  if (typeof route === 'string' && route !== '') request.route = route;
  return request;
}
