// The methods of the app's routes whose path matches a request's, from `app.routes` (each
// `{ method, path }`; `app.all()` and `app.mount()` are method `ALL`), for the 405 and its `Allow`.
// Elysia's paths are literal segments, `:name` (one segment), `:name?` (one or none) and a final
// `*` (the rest), which a regular expression per route reproduces; they are compiled once and
// again only when the route list grows.
import { type ProblemInit, problems } from '@error-contract/core';
import { routeIndexes } from '@error-contract/core/adapter';

/** What is read of an Elysia app: its routes and whether it routes `/a/` apart from `/a`. */
export interface RoutedApp {
  readonly routes: ReadonlyArray<{ method: string; path: string }>;
  readonly config?: { strictPath?: boolean };
}


function escapeLiteral(segment: string): string {
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A regular expression for one Elysia route path: `/widgets/:id` -> `^/widgets/[^/]+$`. Without
 * `strictPath` (Elysia's default) a trailing slash is optional, as Elysia registers both forms.
 *
 * @example
 * routePattern('/files/*', false).test('/files/a/b'); // true
 */
export function routePattern(path: string, strict: boolean): RegExp {
  let source = '';
  for (const segment of path.split('/').slice(1)) {
    if (segment === '*') source += '(?:/.*)?';
    else if (segment.startsWith(':') && segment.endsWith('?')) source += '(?:/[^/]+)?';
    else if (segment.startsWith(':')) source += '/[^/]+';
    else source += `/${escapeLiteral(segment)}`;
  }
  if (source === '') source = '/';
  else if (!strict && !source.endsWith('/')) source += '/?';
  return new RegExp(`^${source}$`);
}

const methodsIndex = routeIndexes(
  (app: RoutedApp) => app.routes.length,
  (app) => {
    const strict = app.config?.strictPath === true;
    const routes: Array<{ method: string; pattern: RegExp }> = [];
    for (const route of app.routes) {
      // `ALL` is middleware or a mounted app: it declares nothing about the resource's methods
      if (typeof route.path !== 'string' || typeof route.method !== 'string' || route.method === 'ALL') continue;
      routes.push({ method: route.method.toUpperCase(), pattern: routePattern(route.path, strict) });
    }
    return { routes };
  },
);

/**
 * Core's `routeMiss` for a request Elysia found no route for: 405 with `Allow` when the path is
 * there under other methods, else 404. Remembered per path (core's `routeMissesByPath`).
 *
 * @example
 * routeMissOf(app, 'PUT', '/widgets'); // 405, Allow: GET, HEAD, POST
 */
export function routeMissOf(app: RoutedApp, method: string, path: string): ProblemInit {
  let index: ReturnType<typeof methodsIndex>;
  try {
    index = methodsIndex(app);
  } catch {
    return problems.notFound();
  }
  return index.misses.miss(path, method, () => {
    const methods: string[] = [];
    for (const route of index.routes) if (route.pattern.test(path) && !methods.includes(route.method)) methods.push(route.method);
    return [methods];
  });
}
