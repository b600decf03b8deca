import type { ErrorContract, ErrorContractOptions } from '@error-contract/core';
import { read } from '@error-contract/core/adapter';
import { errorContract as h3ErrorContract, type H3Middleware } from '@error-contract/h3';
import { routableApp } from './nitro3-routes.js';
import { nitro2Routes } from './routes-module.js';

/**
 * The default export of the module named by `errorHandler` in the Nitro config. Nitro 3 calls it
 * with `(error, event)` and sends the `Response` it returns; Nitro 2 calls it with an h3 1 event,
 * and it writes the answer on the event. Where it answers nothing (outside the contract's `scope`),
 * Nitro's next error handler answers: its own default, or Nuxt's error page.
 */
export type NitroErrorHandler = (error: unknown, event: any) => Response | undefined | Promise<undefined>;

/** Everything the adapter gives one Nitro app. See {@link errorContract}. */
export interface NitroErrorContract {
  /** The core contract behind it, for `contract.error(code)`. */
  readonly contract: ErrorContract;
  /**
   * For `export default` in the app's error handler module (`errorHandler` in the Nitro config):
   * whatever a route or middleware threw, h3's own errors, and Nitro's route misses, a 405 with
   * `Allow` where the path has routes for other methods.
   */
  readonly errorHandler: NitroErrorHandler;
  /**
   * For `export default` in a server middleware (`server/middleware/`, named to run first): the
   * checks before routing (406 in strict mode, malformed paths), and on Nitro 3 an error response
   * a route returned bare. On Nitro 3 the first request through it also makes each thrown value
   * printed once: h3 prints every thrown value that is not its own `HTTPError` before the error
   * handler runs (a thrown `notFound()` with its stack; a bug, which the contract logs, a second
   * time). The middleware turns that print off (the app's `silent`), and the error handler prints
   * in its stead what it leaves to Nitro outside the contract's `scope`, as h3 did.
   */
  readonly middleware: H3Middleware;
}

/**
 * The error contract for a Nitro 3 or Nitro 2 app, or a Nuxt app's `server/` directory: an error
 * handler and a server middleware, built on `@error-contract/h3` (Nitro's h3: h3 2 under Nitro 3,
 * h3 1 under Nitro 2 and Nuxt). Make it once in a module of its own and import it from both files.
 * With the contract's `scope` option (`'/api'`), every other path is answered by Nitro (and Nuxt)
 * as without us: pages, assets, redirects and their own error pages.
 *
 * @example
 * // server/utils/errors.ts
 * import { errorContract } from '@error-contract/nitro';
 *
 * export const errors = errorContract({ scope: '/api', typeBaseUrl: 'https://docs.example.com/errors/' });
 *
 * // server/error.ts (nitro.config.ts: `errorHandler: './server/error.ts'`)
 * // export default errors.errorHandler;
 * // server/middleware/0.error-contract.ts
 * // export default errors.middleware;
 */
export function errorContract(contractOrOptions: ErrorContract | ErrorContractOptions = {}): NitroErrorContract {
  // Nitro 3's routes, seen through a view of its app on a route miss (the event is handed on as it is)
  const h3 = h3ErrorContract(contractOrOptions, { routesOf: routableApp });
  // Nitro 2: the routes the plugin of `errorContractRoutes` left at start, handed to the h3
  // adapter's route record once (as an h3 1 router would hand them)
  let routesTaken = false;
  const takeNitro2Routes = () => {
    const routes = nitro2Routes();
    if (routes === undefined) return;
    routesTaken = true;
    const record = h3.router({ add: (_path: string, _handler: unknown, _method?: string): void => undefined });
    for (const { route, method } of routes) record.add(route, undefined, method ?? 'all');
  };

  // h3's own print of a thrown value, turned off once, from the first event seen. A Nitro plugin
  // could do it at start, but any plugin makes Nitro run its request and response hooks on every
  // request: a successful GET read 1.19x Nitro's own with one (bench/focus.mjs nitro "happy GET").
  let quieted = false;
  const quiet = (event: unknown) => {
    quieted = true;
    const config = read(read(event, 'app'), 'config');
    if (config !== null && typeof config === 'object') (config as { silent?: boolean }).silent = true;
  };

  const errorHandler: NitroErrorHandler = function errorContractErrorHandler(error, event) {
    if (!routesTaken) takeNitro2Routes();
    if (!quieted) quiet(event);
    // outside the scope, the h3 adapter prints what h3 would have
    return h3.onError(error, event);
  };

  const middleware: H3Middleware = Object.assign(
    function errorContractNitroMiddleware(event: unknown, next?: () => unknown): unknown {
      if (!quieted) quiet(event);
      return h3.middleware(event, next);
    },
    { __is_handler__: true as const },
  );

  return { contract: h3.contract, errorHandler, middleware };
}
