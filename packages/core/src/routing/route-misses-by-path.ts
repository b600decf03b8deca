// Route misses remembered per path, for adapters whose router is asked by path (Fastify's
// `findRoute`, Hono's route list): a 405's router lookups and its `Allow` value are then made once
// per path and method, not per request. Paths are the client's to choose, so the memory is
// bounded: forgotten all at once when full, and a path longer than any route's is not kept.
import type { ProblemInit } from '../failures/contract-error.js';
import { rememberedRouteMiss, routeMiss } from './route-miss.js';

const MAX_REMEMBERED_PATHS = 1024;
const MAX_REMEMBERED_PATH_LENGTH = 512;

/** Route misses of one route table, remembered per path (see {@link routeMissesByPath}). */
export interface RouteMissesByPath {
  /**
   * `routeMiss` for `method` at `path`, asking for the method lists of the routes that match the
   * path (`routeMethods`) only the first time a path and method are seen. Each call gets a problem
   * of its own.
   */
  miss(path: string, method: string, routeMethods: () => Iterable<Iterable<string>>): ProblemInit;
  /** Forgets every path, for when routes are added to the table. */
  forget(): void;
}

/**
 * A bounded memo of route misses by path for one route table (at most 1,024 paths of at most 512
 * characters; a longer path is decided on every request). Forget it when the table's routes change.
 *
 * @example
 * const misses = routeMissesByPath();
 * const miss = misses.miss('/widgets/1', 'PUT', () => [['GET'], ['DELETE']]);
 * // 405, Allow: GET, HEAD, DELETE; the same path and method next time asks for no routes
 */
export function routeMissesByPath(): RouteMissesByPath {
  // One object per path: core's rememberedRouteMiss keys a path's answers per method by it.
  const keys = new Map<string, object>();
  return {
    miss(path, method, routeMethods) {
      if (path.length > MAX_REMEMBERED_PATH_LENGTH) return routeMiss(method, routeMethods());
      let key = keys.get(path);
      if (key === undefined) {
        if (keys.size >= MAX_REMEMBERED_PATHS) keys.clear();
        keys.set(path, (key = {}));
      }
      return rememberedRouteMiss(key, method, routeMethods);
    },
    forget() {
      keys.clear();
    },
  };
}
