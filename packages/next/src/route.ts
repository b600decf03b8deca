// App Router route handlers (`app/**/route.ts`): one wrapper per handler the module exports. What a
// handler throws or returns bare is answered in the contract. The wrapper reads nothing of the
// request (its URL, its headers: Next's dynamic APIs) before the handler runs, and a module exports
// only the methods it has, so a route Next prerenders or caches (`revalidate`, `force-static`, a
// GET-only module) is prerendered and cached the same with the contract. A method the module does
// not export is Next's own: `OPTIONS` its 204 with `Allow`, the others an empty 405 that
// `errors.proxy()` answers in the contract before routing.
import { type ErrorContract, problems, type RequestLike } from '@error-contract/core';
import { fetchRequestLike, replaceBareResponse, routeMiss, toFetchResponse } from '@error-contract/core/adapter';
import type { NextRequest } from 'next/server.js'; // .js: Next has no exports map, and ESM (node16) resolution needs the file
import { accessFallbackProblem, isNextSignal } from './next-signals.js';
import { isProbe } from './probe.js';

/**
 * The methods Next.js routes to a route module (next/dist/server/web/http.ts); any other is its
 * bare 400, which `errors.proxy()` answers in the contract.
 *
 * @example
 * NEXT_METHODS.includes(request.method as HttpMethod);
 */
export const NEXT_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/**
 * A method a route module may export.
 *
 * @example
 * const method: HttpMethod = 'GET';
 */
export type HttpMethod = (typeof NEXT_METHODS)[number];

/**
 * A route handler as Next.js calls it: the request, and `{ params }` (a Promise since Next 15).
 *
 * @example
 * const GET: RouteHandler<{ params: Promise<{ id: string }> }> = async (_request, { params }) => Response.json(await params);
 */
export type RouteHandler<Context = any> = (request: NextRequest, context: Context) => Response | Promise<Response>;

/**
 * The handlers a route module exports, as given to `errors.route()`: any of Next's methods.
 *
 * @example
 * const handlers: RouteHandlers = { GET: () => Response.json([]) };
 */
export type RouteHandlers<Context = any> = Partial<Record<HttpMethod, RouteHandler<Context>>>;

/**
 * One wrapped handler. It takes any `Request` (Next passes its `NextRequest`), so that the type
 * holds whichever Next the app has: two versions' `NextRequest` classes are not assignable to each
 * other.
 *
 * @example
 * const GET: WrappedRouteHandler = errors.route({ GET: () => Response.json([]) }).GET;
 */
export type WrappedRouteHandler<Context = any> = (request: Request, context: Context) => Promise<Response>;

/**
 * What `errors.route(handlers)` gives: the methods given, each answered in the contract, and `GET`
 * (the contract's 405 when none was given: Next's own would be empty). A module given no `GET` also
 * gets `OPTIONS` (unless given one): Next's own 204, whose `Allow` names the methods given, where
 * Next's, seeing the contract's `GET`, would name `GET` too. Export exactly these: Next prerenders a
 * module that exports no `POST`, `PUT`, `PATCH`, `DELETE` or `OPTIONS`, and a module without `GET`
 * exports one of those already.
 *
 * @example
 * export const { GET, POST }: RouteModule<any, { GET: RouteHandler; POST: RouteHandler }> = errors.route({ GET, POST });
 * export const { GET, OPTIONS, POST }: RouteModule<any, { POST: RouteHandler }> = errors.route({ POST });
 */
export type RouteModule<Context = any, Given extends RouteHandlers<Context> = RouteHandlers<Context>> = { [Method in keyof Given & HttpMethod]-?: WrappedRouteHandler<Context> } & {
  GET: WrappedRouteHandler<Context>;
} & ('GET' extends keyof Given ? unknown : { OPTIONS: WrappedRouteHandler<Context> });

/**
 * Every method of the catch-all module (`errors.notFoundRoute`), each the contract's 404.
 *
 * @example
 * export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE }: NotFoundRouteModule = errors.notFoundRoute;
 */
export type NotFoundRouteModule<Context = any> = Record<HttpMethod, WrappedRouteHandler<Context>>;

function isResponse(value: unknown): value is Response {
  return value instanceof Response || (value !== null && typeof value === 'object' && typeof (value as Response).status === 'number' && typeof (value as Response).headers?.get === 'function');
}

/**
 * The path of a request without touching Next's dynamic APIs: `nextUrl.pathname` is not tracked
 * as dynamic (next/dist/server/route-modules/app-route/module.js, proxyNextRequest), `url` is.
 */
function pathOf(request: Request): string {
  const nextUrl = (request as Partial<NextRequest>).nextUrl;
  return nextUrl !== undefined && typeof nextUrl.pathname === 'string' ? nextUrl.pathname : request.url;
}

/** What a failure of a handler is answered with: Next's signals go back to Next. */
function answerThrown(contract: ErrorContract, error: unknown, request: RequestLike): Response {
  if (isNextSignal(error)) throw error;
  return toFetchResponse(contract.respond(accessFallbackProblem(error) ?? error, request));
}

/** A handler's own Response, unless it is a bare error or a validator's own 400. */
async function answerReturned(contract: ErrorContract, res: unknown, request: Request, method: string): Promise<Response> {
  if (!isResponse(res)) {
    // Next would throw "No response is returned from route handler": a bug, answered as one.
    return toFetchResponse(contract.respond(new TypeError(`The ${method} handler returned no Response.`), fetchRequestLike(request)));
  }
  // a success is passed on before anything of the request is read (a 2xx or 3xx is never bare)
  if (res.status < 400) return res;
  return replaceBareResponse(res, method, (found) => toFetchResponse(contract.respond(found, fetchRequestLike(request)), res.headers));
}

// next/dist/server/route-modules/app-route/helpers/auto-implement-methods.ts: Next answers an
// `OPTIONS` the module does not export with 204 and `Allow`, sorted; a probe gets the same.
function nextOptionsAnswer(declared: readonly string[]): Response {
  const allow = ['OPTIONS', ...declared.filter((method) => method !== 'OPTIONS')];
  if (declared.includes('GET') && !declared.includes('HEAD')) allow.push('HEAD');
  return new Response(null, { status: 204, headers: { Allow: allow.sort().join(', ') } });
}

/** Checks the handlers given to `errors.route()` at once, as Next would fail to route them. */
function checkedHandlers(handlers: unknown): RouteHandlers {
  if (handlers === null || typeof handlers !== 'object') throw new TypeError('@error-contract/next: errors.route(handlers) needs an object of handlers, e.g. errors.route({ GET, POST }).');
  for (const [name, handler] of Object.entries(handlers)) {
    if (!(NEXT_METHODS as readonly string[]).includes(name)) throw new TypeError(`@error-contract/next: errors.route() got "${name}"; Next.js routes only ${NEXT_METHODS.join(', ')}.`);
    if (handler !== undefined && typeof handler !== 'function') throw new TypeError(`@error-contract/next: errors.route() got a ${typeof handler} for ${name}; give a function.`);
  }
  return handlers as RouteHandlers;
}

/** One handler, wrapped: it runs first; the request is read only for a failure to answer. */
function wrapped(contract: ErrorContract, method: HttpMethod, handler: RouteHandler, declared: readonly string[]): WrappedRouteHandler {
  return async function errorContractRouteHandler(request, context) {
    // the proxy's probe, with this process's secret: the methods declared, the app's OPTIONS not run
    if (method === 'OPTIONS' && isProbe(request)) return nextOptionsAnswer(declared);
    let res: unknown;
    try {
      res = await handler(request as NextRequest, context);
    } catch (error) {
      if (!contract.inScope(pathOf(request))) throw error;
      return answerThrown(contract, error, fetchRequestLike(request));
    }
    if (isResponse(res) && res.status < 400) return res;
    if (!contract.inScope(pathOf(request))) return res as Response;
    return answerReturned(contract, res, request, method);
  };
}

/** The contract's answer to a method the module has no handler for (GET of a module without GET). */
function miss(contract: ErrorContract, declared: readonly string[] | undefined): WrappedRouteHandler {
  return async function errorContractRouteMiss(request) {
    if (!contract.inScope(pathOf(request))) return new Response(null, { status: 405 });
    // the catch-all (no methods declared) answers a probe with 404, as every other request
    if (declared !== undefined && request.method === 'OPTIONS' && isProbe(request)) return nextOptionsAnswer(declared);
    const like = fetchRequestLike(request);
    return toFetchResponse(contract.respond(declared === undefined ? problems.notFound() : routeMiss(like.method, [declared]), like));
  };
}

/** The wrapped route module: the methods given, and GET. */
export function routeModule<Given extends RouteHandlers>(contract: ErrorContract, given: Given): RouteModule<any, Given> {
  const handlers = checkedHandlers(given);
  const declared = NEXT_METHODS.filter((method) => typeof handlers[method] === 'function');
  const module: Partial<Record<HttpMethod, WrappedRouteHandler>> = {};
  for (const method of declared) module[method] = wrapped(contract, method, handlers[method]!, declared);
  // Next answers GET of a module without GET (and HEAD, its GET) with an empty 405: such a module
  // exports a method Next does not prerender anyway, so exporting GET costs nothing. Next's own
  // OPTIONS would then name GET, a method that answers 405: the module's OPTIONS is Next's own
  // answer for the methods given, byte for byte what it was without the contract.
  if (module.GET === undefined) {
    module.GET = miss(contract, declared);
    module.OPTIONS ??= async function errorContractOptions() {
      return nextOptionsAnswer(declared);
    };
  }
  return module as RouteModule<any, Given>;
}

/** The catch-all module: every method Next routes is the contract's 404. */
export function notFoundModule(contract: ErrorContract): NotFoundRouteModule {
  const answer = miss(contract, undefined);
  return Object.fromEntries(NEXT_METHODS.map((method) => [method, answer])) as NotFoundRouteModule;
}
