// The methods of the app's routes whose path matches, asked of Hono's own router: it stores each
// route as `[handler, { method, path }]`, and `app.all()` / middleware are method `ALL`. Sub-apps
// mounted with `app.route()` and `basePath()` share the router, so they are seen too.
import type { Context, Hono } from 'hono';

type RouteData = [unknown, { method?: string } | undefined];
type MatchResult = [Array<[RouteData, unknown]>, ...unknown[]];

/** Method lists (one method each) of the routes whose path matches `path`; core's `routeMiss` decides. */
export function routeMethods(app: Hono<any, any, any>, path: string): string[][] {
  const declared = new Set<string>();
  for (const route of app.routes) if (route.method !== 'ALL') declared.add(route.method);
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
