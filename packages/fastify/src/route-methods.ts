// Which methods a path has, read from Fastify's own router (`findRoute`, Fastify 4.26+), so that a
// route miss is a 405 with `Allow` where the path exists under other methods. Core's `routeMiss`
// decides 404 or 405 from the lists read here.
import type { ProblemInit } from '@error-contract/core';
import { routeMissesByPath, withoutQuery } from '@error-contract/core/adapter';
import type { FastifyInstance } from 'fastify';

// What Fastify routes without `addHttpMethod`; methods of routes added later are noted by the
// plugin's onRoute hook (`noteRouteMethods`).
const COMMON_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
// A path no real route has: only a route whose wildcard covers every path (`*` at the root, as
// @fastify/cors registers for preflights and @fastify/static for files) matches it.
const PROBE_PATH = `/${Array.from({ length: 24 }, (_, index) => `error-contract-probe-${index}`).join('/')}`;

interface FoundRoute {
  params?: Record<string, string | undefined>;
}

/** The methods routes of one Fastify app are declared under, and which of them have a catch-all. */
export class RouteMethods {
  readonly #methods = new Set(COMMON_METHODS);
  #catchAll: Set<string> | undefined;

  /** Called for each route added (the plugin's onRoute hook). */
  note(method: string | readonly string[]): void {
    for (const name of typeof method === 'string' ? [method] : method) if (typeof name === 'string') this.#methods.add(name.toUpperCase());
    this.#misses.forget();
  }

  // Misses are remembered per path (the router's answer for a path cannot change once the app is
  // ready): seven router lookups and the Allow value are made once per path, not per request.
  readonly #misses = routeMissesByPath();

  /**
   * The problem for a request no route answered: 405 with the methods the path has, or 404. A route
   * that matches every path is middleware, not a declaration of what the resource supports.
   */
  missOf(app: FastifyInstance, method: string, url: string): ProblemInit {
    const path = withoutQuery(url);
    return this.#misses.miss(path, method, () => this.#methodsAt(app, path));
  }

  /** The methods the router has a route for at `path`, one list per method. */
  #methodsAt(app: FastifyInstance, path: string): string[][] {
    const catchAll = this.#catchAllMethods(app);
    const lists: string[][] = [];
    for (const name of this.#methods) {
      const found = findRoute(app, name, path);
      if (found === null) continue;
      if (catchAll.has(name) && isCatchAll(found, path)) continue;
      // A wildcard OPTIONS route answers preflights for a whole prefix (@fastify/cors registers
      // `OPTIONS *` in the context it is registered in): it says nothing of what a path supports.
      if (name === 'OPTIONS' && isWildcard(found)) continue;
      lists.push([name]);
    }
    return lists;
  }

  // Routes cannot be added once the app is ready, and a route miss is answered only then.
  #catchAllMethods(app: FastifyInstance): Set<string> {
    if (this.#catchAll !== undefined) return this.#catchAll;
    const catchAll = new Set<string>();
    for (const name of this.#methods) {
      const found = findRoute(app, name, PROBE_PATH);
      if (found !== null && isCatchAll(found, PROBE_PATH)) catchAll.add(name);
    }
    return (this.#catchAll = catchAll);
  }
}

function findRoute(app: FastifyInstance, method: string, url: string): FoundRoute | null {
  try {
    return (app.findRoute as (options: { method: string; url: string }) => FoundRoute | null)({ method, url });
  } catch {
    // a path the router cannot decode has no route under any method
    return null;
  }
}

/** Whether a match is a wildcard route's (`/api/*`): its one parameter is `*`. */
function isWildcard(found: FoundRoute): boolean {
  const keys = Object.keys(found.params ?? {});
  return keys.length === 1 && keys[0] === '*';
}

/** Whether a match is the root wildcard's: its one parameter, `*`, holds the whole path (with its
 * leading slash for a route declared as `*`, without it for `/*`). */
function isCatchAll(found: FoundRoute, path: string): boolean {
  const params = found.params ?? {};
  const keys = Object.keys(params);
  if (keys.length !== 1 || keys[0] !== '*') return false;
  const rest = (params['*'] ?? '').replace(/^\/+/, '');
  const tail = path.replace(/^\/+/, '');
  return rest === tail || rest === safeDecode(tail);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// One route table per Fastify app (every context of an app shares its router).
const TABLES = new WeakMap<object, RouteMethods>();

/**
 * Core's route miss for a request no route answered, read from a Fastify app's router: 405 with
 * `Allow` when the path has other methods, else 404. For code that answers route misses outside
 * the plugin's not-found handler, such as the Nest adapter on `@nestjs/platform-fastify`; methods
 * beyond the common seven count once the plugin has seen their routes.
 *
 * @example
 * import { routeMissOf } from '@error-contract/fastify';
 *
 * const miss = routeMissOf(request.server, request.method, request.url);
 * contract.respond(miss, { method: request.method, path: request.url, headers: request.headers });
 */
export function routeMissOf(app: FastifyInstance, method: string, url: string): ProblemInit {
  return routeTableOf(app).missOf(app, method, url);
}

/** The route table of the app `app` belongs to (its root, whose router every context shares). */
export function routeTableOf(app: FastifyInstance): RouteMethods {
  const key = rootOf(app);
  let table = TABLES.get(key);
  if (table === undefined) TABLES.set(key, (table = new RouteMethods()));
  return table;
}

function rootOf(app: FastifyInstance): object {
  // Encapsulated contexts inherit from the root instance (Object.create); the router is the root's.
  let current: object = app;
  for (let depth = 0; depth < 64; depth++) {
    const parent = Object.getPrototypeOf(current) as object | null;
    if (parent === null || typeof (parent as Partial<FastifyInstance>).findRoute !== 'function' || parent === Object.prototype) break;
    current = parent;
  }
  return current;
}
