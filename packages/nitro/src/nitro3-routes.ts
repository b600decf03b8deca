// Nitro 3: which methods a path has, from Nitro's own router. Nitro compiles its routes into one
// lookup (`findRoute(method, path)`, set as the h3 app's `~findRoute`) and keeps no route list on
// the h3 app (`~routes` stays empty), so the h3 adapter, which reads that list for the methods to
// ask about, would find none and answer every miss 404. Here the h3 adapter is handed (its
// `routesOf` option, on a route miss only: the event itself stays as it is) a view of the app that
// declares every method Nitro routes by (a file's `.get.ts` ... `.trace.ts` suffix, a
// config route's `method`), and asks Nitro's own lookup about each: a method counts when a route
// of that method matches the path, as the request would have been routed.

/** The methods a Nitro 3 route may declare (Nitro's docs, "Specific request method"). */
const NITRO_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE'];

interface H3AppLike {
  '~routes'?: unknown;
  '~findRoute'?: (event: unknown) => unknown;
}

/** One view per Nitro app, so that the h3 adapter's memo of route misses (kept per app) lasts. */
const VIEWS = new WeakMap<object, H3AppLike>();

/**
 * The app the h3 adapter should read routes from: Nitro 3's app seen with every method declared,
 * or the app itself where it keeps its routes (plain h3 2) or is not an h3 2 app (Nitro 2's h3 1).
 */
export function routableApp(app: unknown): unknown {
  if (app === null || typeof app !== 'object') return app;
  const h3 = app as H3AppLike;
  const routes = h3['~routes'];
  const findRoute = h3['~findRoute'];
  if (!Array.isArray(routes) || routes.length > 0 || typeof findRoute !== 'function') return app;
  let view = VIEWS.get(app);
  if (view === undefined) {
    view = {
      '~routes': NITRO_METHODS.map((method) => ({ method })),
      '~findRoute': (event: unknown) => findRoute.call(app, event),
    };
    VIEWS.set(app, view);
  }
  return view;
}
