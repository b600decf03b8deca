// The methods of the app's routes whose path matches, from `app.routes` (each `{ method, path }`;
// `app.all()` and middleware are method `ALL`). Sub-apps mounted with `app.route()` and
// `basePath()` add their routes to it, so they are seen too.
import type { Context, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

// Which methods a path has is one lookup in a trie of the app's routes, each route stored under
// every method with its own method as the data. Asking the app's router instead (one match per
// declared method) costs what a hit costs there, and a hit in Hono's RegExpRouter grows with the
// route count (it finds the matched route by scanning its capture groups): 405 cost 2.4x as much
// with 1,000 routes as with 10. The trie is rebuilt when the route list grows.
const METHODS_BY_PATH = new WeakMap<Hono<any, any, any>, { count: number; router: TrieRouter<string> }>();

function methodsRouter(app: Hono<any, any, any>): TrieRouter<string> {
  const known = METHODS_BY_PATH.get(app);
  if (known !== undefined && known.count === app.routes.length) return known.router;
  const router = new TrieRouter<string>();
  // `app.all()` and middleware are method ALL: they declare nothing about the resource
  for (const route of app.routes) if (route.method !== 'ALL') router.add('ALL', route.path, route.method.toUpperCase());
  METHODS_BY_PATH.set(app, { count: app.routes.length, router });
  return router;
}

/** Method lists (one method each) of the routes whose path matches `path`; core's `routeMiss` decides. */
export function routeMethods(app: Hono<any, any, any>, path: string): string[][] {
  let matched: [string, unknown][];
  try {
    matched = methodsRouter(app).match('ALL', path)[0] as [string, unknown][];
  } catch {
    return [];
  }
  const methods: string[] = [];
  for (const [method] of matched) if (!methods.includes(method)) methods.push(method);
  return methods.map((method) => [method]);
}

/** The path Hono routed the request by: its `getPath`, which `strict: false` makes drop a trailing slash. */
export function routedPath(app: Hono<any, any, any>, c: Context): string {
  try {
    return app.getPath(c.req.raw, { env: c.env });
  } catch {
    return c.req.path;
  }
}
