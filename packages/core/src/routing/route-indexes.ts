// An index of an app's routes, which an adapter looks a route miss up in (a trie, a list of
// patterns, the methods declared): made once per app, made again when routes are added after
// start, with the misses found in it remembered per path. What the index holds is the framework's;
// when it is made and what it remembers is the same for every adapter.
import { type RouteMissesByPath, routeMissesByPath } from './route-misses-by-path.js';

/** An adapter's index of one app's routes, with the route misses decided in it. */
export type RouteIndex<Index> = Index & { readonly misses: RouteMissesByPath };

/**
 * The index of an app's routes, per app: `build` is called on an app's first route miss and again
 * whenever `routeCount` has changed since (routes added at run time), and each index gets its own
 * `misses` (core's `routeMissesByPath`), forgotten with it.
 *
 * @example
 * const indexOf = routeIndexes((app: App) => app.routes.length, (app) => ({ routes: compile(app.routes) }));
 * const { routes, misses } = indexOf(app);
 * return misses.miss(path, method, () => [routes.filter((route) => route.pattern.test(path)).map((route) => route.method)]);
 */
export function routeIndexes<App extends object, Index extends object>(routeCount: (app: App) => number, build: (app: App) => Index): (app: App) => RouteIndex<Index> {
  const indexes = new WeakMap<App, { count: number; index: RouteIndex<Index> }>();
  return function routeIndexOf(app) {
    const count = routeCount(app);
    const known = indexes.get(app);
    if (known !== undefined && known.count === count) return known.index;
    const index = Object.assign(build(app), { misses: routeMissesByPath() });
    indexes.set(app, { count, index });
    return index;
  };
}
