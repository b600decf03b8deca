// 404 or 405: which methods the app's routes declare for a path. h3 answers a method mismatch with
// a 404 (h3 2 finds no route for the method and returns `kNotFound`); the routes are read here
// and core's `routeMiss` decides.
import { type ProblemInit, problems } from '@error-contract/core';
import { routeIndexes, routeMissesByPath } from '@error-contract/core/adapter';

/** The members of h3 2's `H3` app read here: its route list and its own route lookup. */
interface AppV2 {
  '~routes'?: Array<{ method?: string; route?: string }>;
  '~findRoute'?: (event: { req: { method: string }; url: { pathname: string } }) => { data?: { method?: string } } | undefined | void;
}

type Routes = NonNullable<AppV2['~routes']>;

// the methods the app's routes declare, made again when routes are added (core's `routeIndexes`)
const declaredIndex = routeIndexes(
  (app: AppV2 & { '~routes': Routes }) => app['~routes'].length,
  (app) => {
    // `app.all()` registers the method '' and declares nothing about the resource
    const declared = [...new Set(app['~routes'].map((route) => (typeof route.method === 'string' ? route.method.toUpperCase() : '')).filter((method) => method !== ''))];
    return { declared };
  },
);

function indexOf(app: AppV2): ReturnType<typeof declaredIndex> | undefined {
  return Array.isArray(app['~routes']) ? declaredIndex(app as AppV2 & { '~routes': Routes }) : undefined;
}

/**
 * Core's `routeMiss` for a request h3 2 found no route for: each method the app's routes declare
 * is looked up with the app's own router (`~findRoute`, rou3, the same matching as the request
 * had), remembered per path.
 */
export function routeMissV2(app: unknown, method: string, pathname: string): ProblemInit {
  const h3 = app as AppV2 | undefined;
  let index: ReturnType<typeof indexOf>;
  try {
    index = h3 === undefined || h3 === null ? undefined : indexOf(h3);
  } catch {
    index = undefined;
  }
  if (index === undefined || typeof h3?.['~findRoute'] !== 'function') return problems.notFound();
  const { declared, misses } = index;
  return misses.miss(pathname, method, () => {
    const found: string[][] = [];
    for (const candidate of declared) {
      try {
        const match = h3['~findRoute']!({ req: { method: candidate }, url: { pathname } });
        // h3 2 looks a HEAD up as GET when it has no HEAD route: only a route of the method counts
        const routeMethod = match ? (match.data?.method ?? '').toUpperCase() : undefined;
        if (routeMethod === candidate) found.push([candidate]);
      } catch {
        // a router that fails on this path declares nothing for it
      }
    }
    return found;
  });
}

/** A route an h3 1 router was given, as its path's segments. */
interface RecordedRoute {
  segments: string[];
  method: string;
}

/** The routes of h3 1 routers handed to `errors.router()`, by router. */
export class RouteRecord {
  readonly #routes: RecordedRoute[] = [];
  #misses = routeMissesByPath();

  add(path: string, method: string): void {
    this.#routes.push({ segments: segmentsOf(path), method: method.toUpperCase() });
    this.#misses = routeMissesByPath();
  }

  /** Core's `routeMiss` for a path and method no route of these routers answered. */
  miss(method: string, path: string): ProblemInit {
    if (this.#routes.length === 0) return problems.notFound();
    return this.#misses.miss(path, method, () => {
      const segments = segmentsOf(path);
      // one list per route: `router.use()` / `router.add(path, handler)` register the method `all`,
      // which core reads as declaring nothing
      return this.#routes.filter((route) => matches(route.segments, segments)).map((route) => [route.method]);
    });
  }
}

// radix3 (h3 1's router) ignores a trailing slash and matches `:name` and `*` to one segment and
// `**` (or `**:name`) to the rest of the path.
function segmentsOf(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

function matches(pattern: string[], path: string[]): boolean {
  for (let at = 0; at < pattern.length; at++) {
    const part = pattern[at]!;
    if (part.startsWith('**')) return true;
    if (at >= path.length) return false;
    if (part === '*' || part.startsWith(':')) {
      if (path[at] === '') return false;
      continue;
    }
    if (part !== path[at]) return false;
  }
  return pattern.length === path.length;
}
