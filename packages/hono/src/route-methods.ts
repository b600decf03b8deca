// The methods of the app's routes whose path matches, asked of Hono's own router: it stores each
// route as `[handler, { method, path }]`, and `app.all()` / middleware are method `ALL`. Sub-apps
// mounted with `app.route()` and `basePath()` share the router, so they are seen too.
import type { Context, Hono } from 'hono';

type RouteData = [unknown, { method?: string } | undefined];
type MatchResult = [Array<[RouteData, unknown]>, ...unknown[]];

// The methods an app declares, remembered while its route list does not grow, so that a 404 costs
// the same with 10 routes as with 1,000.
const DECLARED = new WeakMap<Hono<any, any, any>, { count: number; methods: string[] }>();

function declaredMethods(app: Hono<any, any, any>): string[] {
  const known = DECLARED.get(app);
  if (known !== undefined && known.count === app.routes.length) return known.methods;
  const methods = new Set<string>();
  for (const route of app.routes) if (route.method !== 'ALL') methods.add(route.method);
  const entry = { count: app.routes.length, methods: [...methods] };
  DECLARED.set(app, entry);
  return entry.methods;
}

/** Method lists (one method each) of the routes whose path matches `path`; core's `routeMiss` decides. */
export function routeMethods(app: Hono<any, any, any>, path: string): string[][] {
  const declared = declaredMethods(app);
  const lists: string[][] = [];
  for (const method of declared) {
    let result: MatchResult;
    try {
      result = app.router.match(method, path) as unknown as MatchResult;
    } catch {
      continue;
    }
    if (result[0].some(([data]) => data?.[1]?.method === method)) lists.push([method]);
  }
  return lists;
}

/** The path Hono routed the request by: its `getPath`, which `strict: false` makes drop a trailing slash. */
export function routedPath(app: Hono<any, any, any>, c: Context): string {
  try {
    return app.getPath(c.req.raw, { env: c.env });
  } catch {
    return c.req.path;
  }
}
