// The methods of the routes whose path matches, read from Express's route tables; core's
// `routeMiss` decides 404 or 405 from them.
// Express 4 keeps the router at `app._router` and its `Layer#match` returns a boolean and stores the
// matched prefix on `layer.path`; Express 5 (router 2) keeps it at `app.router` and `match` returns
// `{ path, params }`. Both keep `route.methods` as `{ get: true, _all?: true }`.
import { firstSegment } from '@error-contract/core/adapter';
import type { Application, Response } from 'express';
import { enteredChildren } from './mounted-apps.js';

interface Layer {
  match(path: string): boolean | { path: string } | false;
  path?: string;
  route?: { methods?: Record<string, boolean> };
  handle?: unknown;
}

export interface RouterLike {
  stack: Layer[];
}

const MAX_DEPTH = 16;

function isRouter(value: unknown): value is RouterLike {
  return typeof value === 'function' && Array.isArray((value as Partial<RouterLike>).stack);
}

/** The app's router in Express 4 (`_router`, created lazily) or 5 (`router`). */
export function routerOf(app: Application): RouterLike | undefined {
  const legacy = (app as unknown as { _router?: unknown })._router;
  if (isRouter(legacy)) return legacy;
  try {
    // Express 4's `app.router` getter throws ("deprecated"); Express 5's returns the router.
    const router = (app as unknown as { router?: unknown }).router;
    return isRouter(router) ? router : undefined;
  } catch {
    return undefined;
  }
}

/** The path prefix a layer matched, or undefined when it does not match. */
function matchedPrefix(layer: Layer, path: string): string | undefined {
  let result: ReturnType<Layer['match']>;
  try {
    result = layer.match(path);
  } catch {
    // a parameter that cannot be decoded: this layer cannot serve the path under any method
    return undefined;
  }
  if (result === false) return undefined;
  if (result === true) return layer.path ?? '';
  return result.path;
}

/** Where one walk is: the app whose router it reads, and the response whose sub-apps it may enter. */
interface Walk {
  app: Application;
  res: Response | undefined;
  into: string[][];
}

/** Whether a sub-app's `mountpath` is the prefix its wrapper layer matched (a pattern is trusted). */
function mountedAt(child: Application, prefix: string): boolean {
  const mountpath = (child as Application & { mountpath?: unknown }).mountpath;
  if (typeof mountpath !== 'string' || /[:*?()[\]{}]/.test(mountpath)) return true;
  const trim = (text: string) => text.replace(/\/+$/, '').toLowerCase();
  return trim(mountpath) === trim(prefix);
}

// A route whose path starts with a literal segment (`/widgets/:id`) can only match paths that
// start with it. Indexing the stack by that segment lets a miss test the few routes that could
// match instead of every route, so a 404 or 405 costs the same with 10 routes as with 1,000.
// Everything else (middleware, mounted routers, a route starting with a parameter, a pattern or
// an array) is tested for every path. The index is rebuilt when the stack grows or shrinks.
interface StackIndex {
  length: number;
  bySegment: Map<string, number[]>;
  always: number[];
}

const INDEXES = new WeakMap<RouterLike, StackIndex>();
const DYNAMIC = /[:*?()[\]{}+\\]/;

/** The first path segment, lower-cased (Express matches case-insensitively by default). */
function firstSegmentKey(path: string): string {
  return firstSegment(path).toLowerCase();
}

function literalFirstSegment(layer: Layer): string | undefined {
  const path = (layer.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string' || !path.startsWith('/')) return undefined;
  const segment = firstSegmentKey(path);
  return segment === '' || DYNAMIC.test(segment) ? undefined : segment;
}

function indexOf(router: RouterLike): StackIndex {
  const known = INDEXES.get(router);
  if (known !== undefined && known.length === router.stack.length) return known;
  const index: StackIndex = { length: router.stack.length, bySegment: new Map(), always: [] };
  router.stack.forEach((layer, position) => {
    const segment = layer?.route === undefined ? undefined : literalFirstSegment(layer);
    if (segment === undefined) index.always.push(position);
    else {
      const positions = index.bySegment.get(segment);
      if (positions === undefined) index.bySegment.set(segment, [position]);
      else positions.push(position);
    }
  });
  INDEXES.set(router, index);
  return index;
}

/** The stack positions that could match `path`, in stack order. */
function candidates(router: RouterLike, path: string): number[] {
  const index = indexOf(router);
  const routes = index.bySegment.get(firstSegmentKey(path));
  if (routes === undefined) return index.always;
  return [...index.always, ...routes].sort((a, b) => a - b);
}

function collect(router: RouterLike, path: string, walk: Walk, depth: number): void {
  if (depth > MAX_DEPTH || !Array.isArray(router.stack)) return;
  for (const position of candidates(router, path)) {
    const layer = router.stack[position]!;
    if (typeof layer?.match !== 'function') continue;
    const prefix = matchedPrefix(layer, path);
    if (prefix === undefined) continue;
    if (layer.route !== undefined) {
      const methods = layer.route.methods ?? {};
      walk.into.push(Object.keys(methods).filter((method) => methods[method] === true));
      continue;
    }
    const rest = path.slice(prefix.length);
    if (rest !== '' && !rest.startsWith('/')) continue;
    if (isRouter(layer.handle)) collect(layer.handle, rest === '' ? '/' : rest, walk, depth + 1);
    else if (typeof layer.handle === 'function' && layer.handle.name === 'mounted_app') {
      for (const child of enteredChildren(walk.res, walk.app)) {
        const childRouter = routerOf(child);
        if (childRouter !== undefined && mountedAt(child, prefix)) collect(childRouter, rest === '' ? '/' : rest, { ...walk, app: child }, depth + 1);
      }
    }
  }
}

/** The top-most app: a sub-app mounted with `app.use('/x', sub)` keeps its parent in `parent`. */
function rootOf(app: Application): Application {
  let current = app;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const parent = (current as unknown as { parent?: Application }).parent;
    if (typeof parent !== 'function') break;
    current = parent;
  }
  return current;
}

/**
 * The method lists of the app's routes whose path matches `path`, mounted routers and route
 * parameters included, and the routes of the sub-apps `res` entered; empty when none does.
 */
export function routeMethods(app: Application, path: string, res?: Response): string[][] {
  const into: string[][] = [];
  const root = rootOf(app);
  const router = routerOf(root);
  if (router !== undefined) collect(router, path, { app: root, res, into }, 0);
  return into;
}

/** The router of the top-most app of `app`, where a request's walk starts. */
export function rootRouterOf(app: Application): RouterLike | undefined {
  return routerOf(rootOf(app));
}
