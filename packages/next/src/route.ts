// App Router route handlers (`app/**/route.ts`): one wrapper around a route module's handlers that
// answers every method Next routes. What a handler throws or returns bare is answered in the
// contract; a method the module does not export is the contract's 405 with `Allow` (Next's own is
// empty), and the catch-all module's every method is the contract's 404.
import { type ErrorContract, fetchFailureToAnswer, fetchRequestLike, problems, type RequestLike, routeMiss, toFetchResponse } from '@error-contract/core';
import type { NextRequest } from 'next/server.js'; // .js: Next has no exports map, and ESM (node16) resolution needs the file
import { accessFallbackProblem, isNextSignal } from './next-signals.js';

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
 * Every method of a route module, each answered in the contract. Export them all. They take any
 * `Request` (Next passes its `NextRequest`), so that the type holds whichever Next the app has:
 * two versions' `NextRequest` classes are not assignable to each other.
 *
 * @example
 * export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE }: RouteModule = errors.route({ GET });
 */
export type RouteModule<Context = any> = Record<HttpMethod, (request: Request, context: Context) => Promise<Response>>;

/**
 * The request header of the proxy's method probe (see `errors.proxy`): an `OPTIONS` request
 * carrying it is answered with the methods the module declares (in the same header) and nothing
 * else, without calling the app's `OPTIONS` handler. It discloses what a 405's `Allow` does.
 *
 * @example
 * // what the proxy sends; the route module answers 204 with `x-error-contract-method-probe: GET,POST`
 * fetch(request.url, { method: 'OPTIONS', headers: { [PROBE_HEADER]: token } });
 */
export const PROBE_HEADER = 'x-error-contract-method-probe';

function isResponse(value: unknown): value is Response {
  return value instanceof Response || (value !== null && typeof value === 'object' && typeof (value as Response).status === 'number' && typeof (value as Response).headers?.get === 'function');
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
  const failure = fetchFailureToAnswer(res, method);
  if (failure === undefined) return res;
  const found = failure instanceof Promise ? await failure : failure;
  return found === undefined ? res : toFetchResponse(contract.respond(found, fetchRequestLike(request)), res.headers);
}

// next/dist/server/route-modules/app-route/helpers/auto-implement-methods.ts: Next answers an
// `OPTIONS` the module does not export with 204 and `Allow`, sorted, and a missing method with an
// empty 405. Outside the contract's scope these are given as Next gives them.
function nextOptionsAnswer(declared: readonly string[]): Response {
  const allow = ['OPTIONS', ...declared];
  if (declared.includes('GET') && !declared.includes('HEAD')) allow.push('HEAD');
  return new Response(null, { status: 204, headers: { Allow: allow.sort().join(', ') } });
}

function nextMethodNotAllowed(): Response {
  return new Response(null, { status: 405 });
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

/**
 * The wrapped route module. `handlers` undefined makes the catch-all module: every method is 404.
 */
export function routeModule(contract: ErrorContract, given: RouteHandlers | undefined): RouteModule {
  const handlers = given === undefined ? {} : checkedHandlers(given);
  const declared = NEXT_METHODS.filter((method) => typeof handlers[method] === 'function');
  const implemented = (method: HttpMethod): RouteHandler | undefined => handlers[method] ?? (method === 'HEAD' ? handlers.GET : undefined);
  const methodsOfPath = [declared];
  // The probe's answer: the methods the module declares (the catch-all declares none: 404).
  const probeAnswer = () => new Response(null, given === undefined ? { status: 404 } : { status: 204, headers: { [PROBE_HEADER]: declared.join(',') } });

  const answer = (method: HttpMethod) =>
    async function errorContractRouteHandler(request: Request, context: unknown): Promise<Response> {
      const handler = implemented(method);
      if (!contract.inScope(request.url)) {
        if (handler !== undefined) return handler(request as NextRequest, context);
        if (method === 'OPTIONS' && given !== undefined) return nextOptionsAnswer(declared);
        return nextMethodNotAllowed();
      }
      if (method === 'OPTIONS' && request.headers.has(PROBE_HEADER)) return probeAnswer();
      const refusal = contract.checkRequest(fetchRequestLike(request));
      if (refusal !== undefined) return toFetchResponse(refusal);
      if (handler === undefined) {
        if (method === 'OPTIONS' && given !== undefined) return nextOptionsAnswer(declared);
        return toFetchResponse(contract.respond(given === undefined ? problems.notFound() : routeMiss(method, methodsOfPath), fetchRequestLike(request)));
      }
      let res: unknown;
      try {
        res = await handler(request as NextRequest, context);
      } catch (error) {
        return answerThrown(contract, error, fetchRequestLike(request));
      }
      return answerReturned(contract, res, request, method);
    };

  return {
    GET: answer('GET'),
    HEAD: answer('HEAD'),
    OPTIONS: answer('OPTIONS'),
    POST: answer('POST'),
    PUT: answer('PUT'),
    DELETE: answer('DELETE'),
    PATCH: answer('PATCH'),
  };
}
