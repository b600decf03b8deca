import type { ErrorContract, ErrorContractOptions } from '@error-contract/core';
import { fetchRequestLike, resolveContract, toFetchResponse } from '@error-contract/core/adapter';
import type { NextApiRequest, NextApiResponse } from 'next';
import type { NextFetchEvent, NextRequest } from 'next/server.js'; // .js: Next has no exports map, and ESM (node16) resolution needs the file
import { type ApiRouteHandler, type ApiRouteMethods, apiRouteHandler } from './api-route.js';
import { accessFallbackProblem, isNextSignal } from './next-signals.js';
import { type ProxyFunction, proxyFunction } from './proxy.js';
import { type NotFoundRouteModule, notFoundModule, type RouteHandlers, type RouteModule, routeModule } from './route.js';

/** Everything the adapter gives one Next.js app. See {@link errorContract}. */
export interface NextErrorContract {
  /** The core contract behind it, for `contract.error(code)`. */
  readonly contract: ErrorContract;
  /**
   * Wraps a route module's handlers (`app/**\/route.ts`): what a handler throws (Next's
   * `redirect()` excepted) or returns as a bare error is answered in the contract. Export the
   * methods given, and `GET` (the contract's 405 for a module without one): Next prerenders and
   * caches a module that exports only `GET` (`revalidate`, `force-static`) as it does without the
   * contract, since the wrappers read nothing of the request before the handler runs. A method the
   * module does not export is Next's: `OPTIONS` its 204 with `Allow`, `HEAD` its `GET` without a
   * body, any other the 405 with `Allow` that `errors.proxy()` answers before routing.
   *
   * @example
   * // app/api/widgets/route.ts
   * import { errors } from '@/lib/errors';
   *
   * export const { GET, POST } = errors.route({
   *   async GET() {
   *     return Response.json(await listWidgets());
   *   },
   *   async POST(request) {
   *     return Response.json(await createWidget(await request.json()), { status: 201 });
   *   },
   * });
   */
  route<Context = any, Given extends RouteHandlers<Context> = RouteHandlers<Context>>(handlers: Given): RouteModule<Context, Given>;
  /**
   * The catch-all route module (`app/api/[[...path]]/route.ts`): every method of every path under
   * it that no other route module has, `/api` itself included, is the contract's 404, instead of
   * Next's HTML page.
   *
   * @example
   * // app/api/[[...path]]/route.ts
   * import { errors } from '@/lib/errors';
   *
   * export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = errors.notFoundRoute;
   */
  readonly notFoundRoute: NotFoundRouteModule;
  /**
   * The function for `proxy.ts` (Next 16) or `middleware.ts` (Next 15): the contract's checks
   * before routing (406 for the Accept header, 400 for a malformed path, as the contract's options
   * say), your own proxy function if you give one (what it throws, or returns as a bare error, is
   * answered in the contract; the headers it sets stay on every answer of ours), then 405 with
   * `Allow` for a method the path's route module does not export (`PUT` to a GET-only module,
   * Next: an empty 405) or that Next does not route (`PROPFIND`, Next: an empty 400). Which
   * methods a module exports is asked of it with an `OPTIONS` request carrying a secret of this
   * process, for `POST`, `PUT`, `PATCH`, `DELETE` and unrouted methods only, at most once per path
   * in 10 seconds.
   *
   * @example
   * // proxy.ts (middleware.ts on Next 15: export const middleware = ...)
   * import { errors } from '@/lib/errors';
   *
   * export const proxy = errors.proxy();
   * export const config = { matcher: '/api/:path*' };
   */
  proxy(app?: ProxyFunction): (request: NextRequest, event: NextFetchEvent) => Promise<Response | undefined>;
  /**
   * Wraps a Pages Router API route (`pages/api/**`): one handler, or one per method (a method not
   * named is 405 with `Allow`). What it throws, or ends as a bare error
   * (`res.status(404).end()`), is answered in the contract, and the contract's checks run first.
   * Next parses the body before the handler runs: with `bodyParser: false`, parse it yourself and
   * a `SyntaxError` is the contract's 400.
   *
   * @example
   * // pages/api/widgets.ts
   * import { errors } from '@/lib/errors';
   *
   * export default errors.apiRoute({
   *   GET(req, res) {
   *     res.status(200).json([]);
   *   },
   * });
   */
  apiRoute<T = any>(handler: ApiRouteHandler<T> | ApiRouteMethods<T>): (req: NextApiRequest, res: NextApiResponse<T>) => Promise<void>;
  /**
   * The contract's answer to anything, as a `Response`: for code of your own that catches. Next's
   * `redirect()` and its other signals are thrown on, as the route wrapper does.
   *
   * @example
   * try {
   *   return Response.json(await charge(request));
   * } catch (error) {
   *   return errors.respond(error, request);
   * }
   */
  respond(error: unknown, request: Request): Response;
}

/**
 * The error contract for a Next.js 15 or 16 app: App Router route handlers, the proxy (or
 * middleware) before routing, and Pages Router API routes. Make it once, in a module of its own,
 * and import it where you export handlers. It uses Web APIs only (no `node:` import), so it loads
 * on the Node and Edge runtimes alike (Pages API routes run on Node).
 *
 * @example
 * // lib/errors.ts
 * import { errorContract } from '@error-contract/next';
 *
 * export const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', scope: '/api' });
 */
export function errorContract(contractOrOptions: ErrorContract | ErrorContractOptions = {}): NextErrorContract {
  if (contractOrOptions === null || typeof contractOrOptions !== 'object') {
    throw new TypeError('@error-contract/next: errorContract(options) takes the options of createErrorContract, or a contract.');
  }
  const contract = resolveContract(contractOrOptions);
  return {
    contract,
    route: (handlers) => routeModule(contract, handlers),
    notFoundRoute: notFoundModule(contract),
    proxy: (app) => proxyFunction(contract, app),
    apiRoute: (handler) => apiRouteHandler(contract, handler) as never,
    respond(error, request) {
      if (isNextSignal(error)) throw error;
      return toFetchResponse(contract.respond(accessFallbackProblem(error) ?? error, fetchRequestLike(request)));
    },
  };
}
