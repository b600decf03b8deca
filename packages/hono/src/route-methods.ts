// The methods of the app's routes whose path matches, from `app.routes` (each `{ method, path }`;
// `app.all()` and middleware are method `ALL`). Sub-apps mounted with `app.route()` and
// `basePath()` add their routes to it, so they are seen too.
import { type ProblemInit, problems } from '@error-contract/core';
import { firstSegment, routeIndexes } from '@error-contract/core/adapter';
import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

// Which methods a path has is one lookup in a trie of the app's routes, each route stored under
// every method with its own method as the data. Asking the app's router instead (one match per
// declared method) costs what a hit costs there, and a hit in Hono's RegExpRouter grows with the
// route count (it finds the matched route by scanning its capture groups): 405 cost 2.4x as much
// with 1,000 routes as with 10. The trie is rebuilt when the route list grows. Apps on a router
// whose matching a trie does not reproduce (see TRIE_ALIKE) are asked directly, as before.
//
// Most route misses are 404s whose first segment no route has (`/nothing/here` in an app of
// `/widgets` routes): when every route starts with a literal segment, those are answered from a
// set of first segments without searching the trie.
const LITERAL_SEGMENT = /^[\w.~-]*$/;

// The routers whose matching a trie of the routes reproduces: Hono's default (a SmartRouter that
// picks RegExpRouter or TrieRouter) and those two. PatternRouter (`hono/tiny`) and LinearRouter
// (`hono/quick`) differ on some patterns and trailing slashes, so their apps are asked directly.
const TRIE_ALIKE = new Set(['SmartRouter', 'RegExpRouter', 'TrieRouter']);

type RouteData = [unknown, { method?: string } | undefined];

/** Asks the app's own router once per declared method (what a trie cannot stand in for). */
function askingTheApp(app: Hono<any, any, any>, declared: string[]): (path: string) => string[] {
  return (path) =>
    declared.filter((method) => {
      const [matched] = app.router.match(method, path) as unknown as [Array<[RouteData, unknown]>];
      return matched.some(([data]) => data?.[1]?.method === method);
    });
}

function searchingATrie(routes: Array<{ method: string; path: string }>): (path: string) => string[] {
  const router = new TrieRouter<string>();
  for (const route of routes) router.add('ALL', route.path, route.method);
  return (path) => {
    const methods: string[] = [];
    for (const [method] of router.match('ALL', path)[0] as [string, unknown][]) if (!methods.includes(method)) methods.push(method);
    return methods;
  };
}

// The index is made again with the misses when routes are added (core's `routeIndexes`)
const methodsIndex = routeIndexes((app: Hono<any, any, any>) => app.routes.length, (app) => {
  // the literal first segments of all routes, or undefined when one starts with a pattern
  let firstSegments: Set<string> | undefined = new Set();
  // `app.all()` and middleware are method ALL: they declare nothing about the resource
  const routes = app.routes.filter((route) => route.method !== 'ALL');
  for (const route of routes) {
    const first = route.path.startsWith('/') ? firstSegment(route.path) : undefined;
    if (first === undefined || !LITERAL_SEGMENT.test(first)) firstSegments = undefined;
    else firstSegments?.add(first);
  }
  const declared = [...new Set(routes.map((route) => route.method))];
  // the declared methods whose routes match a path, each once
  const methodsAt = TRIE_ALIKE.has((app.router as { name?: string }).name ?? '') ? searchingATrie(routes) : askingTheApp(app, declared);
  return { methodsAt, firstSegments };
});

/**
 * Core's `routeMiss` for this request, remembered per path (core's `routeMissesByPath`, renewed
 * with the index when routes are added). A path whose first segment no route has is a 404 whatever
 * the method, without a search.
 */
export function routeMissOf(app: Hono<any, any, any>, method: string, path: string): ProblemInit {
  let index: ReturnType<typeof methodsIndex>;
  try {
    index = methodsIndex(app);
  } catch {
    return problems.notFound();
  }
  const { methodsAt, firstSegments, misses } = index;
  if (firstSegments !== undefined && path.startsWith('/') && !firstSegments.has(firstSegment(path))) return problems.notFound();
  return misses.miss(path, method, () => {
    try {
      return methodsAt(path).map((name) => [name]);
    } catch {
      return [];
    }
  });
}
