// The methods of the app's routes whose path matches, from `app.routes` (each `{ method, path }`;
// `app.all()` and middleware are method `ALL`). Sub-apps mounted with `app.route()` and
// `basePath()` add their routes to it, so they are seen too.
import { firstSegment, type ProblemInit, rememberedRouteMiss } from '@error-contract/core';
import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

// Which methods a path has is one lookup in a trie of the app's routes, each route stored under
// every method with its own method as the data. Asking the app's router instead (one match per
// declared method) costs what a hit costs there, and a hit in Hono's RegExpRouter grows with the
// route count (it finds the matched route by scanning its capture groups): 405 cost 2.4x as much
// with 1,000 routes as with 10. The trie is rebuilt when the route list grows.
//
// Most route misses are 404s whose first segment no route has (`/nothing/here` in an app of
// `/widgets` routes): when every route starts with a literal segment, those are answered from a
// set of first segments without searching the trie.
interface MethodsIndex {
  count: number;
  router: TrieRouter<string>;
  /** The literal first segments of all routes, or undefined when one starts with a pattern. */
  firstSegments: Set<string> | undefined;
  /** Answers already found, by path: a 405's trie search costs about 1 µs, a Map lookup 0.1. */
  byPath: Map<string, string[][]>;
}

const NO_METHODS: string[][] = [];

// Paths are the client's to choose: the memo is emptied when full, and long paths are not kept,
// so it stays bounded (1,000 paths of at most 256 characters).
const MAX_REMEMBERED_PATHS = 1000;
const MAX_REMEMBERED_PATH_LENGTH = 256;

const METHODS_BY_PATH = new WeakMap<Hono<any, any, any>, MethodsIndex>();
const LITERAL_SEGMENT = /^[\w.~-]*$/;

function methodsIndex(app: Hono<any, any, any>): MethodsIndex {
  const known = METHODS_BY_PATH.get(app);
  if (known !== undefined && known.count === app.routes.length) return known;
  const router = new TrieRouter<string>();
  let firstSegments: Set<string> | undefined = new Set();
  // `app.all()` and middleware are method ALL: they declare nothing about the resource
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    router.add('ALL', route.path, route.method.toUpperCase());
    const first = route.path.startsWith('/') ? firstSegment(route.path) : undefined;
    if (first === undefined || !LITERAL_SEGMENT.test(first)) firstSegments = undefined;
    else firstSegments?.add(first);
  }
  const index = { count: app.routes.length, router, firstSegments, byPath: new Map() };
  METHODS_BY_PATH.set(app, index);
  return index;
}

/** Method lists (one method each) of the routes whose path matches `path`; core's `routeMiss` decides. */
export function routeMethods(app: Hono<any, any, any>, path: string): string[][] {
  let index: MethodsIndex;
  try {
    index = methodsIndex(app);
  } catch {
    return [];
  }
  const { router, firstSegments, byPath } = index;
  if (firstSegments !== undefined && path.startsWith('/') && !firstSegments.has(firstSegment(path))) return NO_METHODS;
  const known = byPath.get(path);
  if (known !== undefined) return known;
  let matched: [string, unknown][];
  try {
    matched = router.match('ALL', path)[0] as [string, unknown][];
  } catch {
    return [];
  }
  const methods: string[] = [];
  for (const [method] of matched) if (!methods.includes(method)) methods.push(method);
  const lists = methods.map((method) => [method]);
  if (path.length > MAX_REMEMBERED_PATH_LENGTH) return lists;
  if (byPath.size >= MAX_REMEMBERED_PATHS) byPath.clear();
  byPath.set(path, lists);
  return lists;
}

/** Core's `routeMiss` for this request, remembered with the path's method lists (see above). */
export function routeMissOf(app: Hono<any, any, any>, method: string, path: string): ProblemInit {
  const lists = routeMethods(app, path);
  return rememberedRouteMiss(lists, method, () => lists);
}
