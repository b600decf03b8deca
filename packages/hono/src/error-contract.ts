import { type ErrorContract, type ErrorContractOptions, problems } from '@error-contract/core';
import { limiterRetryAfter, replaceBareResponse, resolveContract, toFetchResponse } from '@error-contract/core/adapter';
import type { Context, ErrorHandler, Hono, MiddlewareHandler, NotFoundHandler } from 'hono';
import { checkedRequestOf, requestLike, requestLikeOf } from './request-like.js';
import { replaceResponse, writeResponse, writeErrorResponse, takeBackHeaders } from './responses.js';
import { routeMissOf } from './route-methods.js';

/** The result a validator hands its hook (@hono/zod-validator, @hono/standard-validator, hono/validator). */
export interface ValidationResult {
  success: boolean;
  error?: unknown;
}

/** The fetch signature of `app.fetch`, which `errors.fetch` keeps. */
export type FetchHandler = (request: Request, env?: unknown, executionCtx?: any) => Response | Promise<Response>;

/** Everything the adapter gives one Hono app. See {@link errorContract}. */
export interface HonoErrorContract {
  /** The core contract behind it, for `contract.error(code)`. */
  readonly contract: ErrorContract;
  /**
   * For `app.onError`: whatever a handler or middleware threw, `HTTPException` headers kept. Outside
   * the scope, the error handler the app had when `errorContract(app)` was called answers (its own
   * `app.onError`, else Hono's).
   */
  readonly onError: ErrorHandler;
  /** For `app.notFound`: 405 with `Allow` when the path exists under another method, else 404. */
  readonly notFound: NotFoundHandler;
  /**
   * `app.fetch` with the contract around it: 406 and malformed paths before routing, non-Error
   * throws (which Hono rethrows past `onError`), and bare error responses. Adds no middleware,
   * so Hono's single-handler fast path stays.
   */
  readonly fetch: FetchHandler;
  /** The same as `fetch`, as a middleware for `app.use()`, where the fetch cannot be wrapped. */
  readonly middleware: MiddlewareHandler;
  /** A ready `handler` for hono-rate-limiter: 429 with `Retry-After`, its `RateLimit` headers kept. */
  readonly rateLimitHandler: (c: Context) => Response;
  /** A ready hook for `zValidator(target, schema, hook)` and `sValidator`: 400 `validation_failed`. */
  readonly validationHook: (result: ValidationResult, c: Context) => Response | undefined;
}

/** Seconds until the client may retry: hono-rate-limiter's own `Retry-After`, else its reset time. */
function retryAfterOf(c: Context): number | undefined {
  return limiterRetryAfter(c.res.headers.get('retry-after') ?? undefined, (c.get('rateLimit' as never) as { resetTime?: unknown } | undefined)?.resetTime);
}

// Hono's own answers (hono-base.ts), given outside the contract's scope so that those paths stay
// exactly as the app answered without us.
function honoDefaultError(error: Error, c: Context): Response {
  if ('getResponse' in error && typeof error.getResponse === 'function') {
    const res = (error as { getResponse(): Response }).getResponse();
    return c.newResponse(res.body, res);
  }
  console.error(error);
  return c.text('Internal Server Error', 500);
}

function honoDefaultNotFound(c: Context): Response {
  return c.text('404 Not Found', 404);
}

// The contract's onError handlers, so that one is never taken for the app's own.
const CONTRACT_HANDLERS = new WeakSet<ErrorHandler>();

/**
 * The error handler the app has when the contract is made: its own `app.onError(...)`, set before
 * the README's lines, or Hono's default. Outside the scope it keeps answering. Hono holds it in the
 * field `errorHandler` (hono-base.ts: `private` to TypeScript only, read by `app.route()` too);
 * where that is not a function, Hono's default answers.
 */
function appErrorHandler(app: Hono<any, any, any>): ErrorHandler {
  let handler: unknown;
  try {
    handler = (app as unknown as { errorHandler?: unknown }).errorHandler;
  } catch {
    handler = undefined;
  }
  return typeof handler === 'function' && !CONTRACT_HANDLERS.has(handler as ErrorHandler) ? (handler as ErrorHandler) : honoDefaultError;
}

/**
 * The error contract for a Hono 4 app, on any runtime (Web standard APIs only). It reads the app's
 * routes for 405s; it changes nothing on the app by itself. With the contract's `scope` option
 * (`'/api'`), every handler here answers paths outside it as Hono would without us.
 *
 * @example
 * import { Hono } from 'hono';
 * import { errorContract } from '@error-contract/hono';
 *
 * const app = new Hono();
 * const errors = errorContract(app, { typeBaseUrl: 'https://docs.example.com/errors/' });
 * app.use(errors.middleware);
 * app.onError(errors.onError);
 * app.notFound(errors.notFound);
 * app.get('/widgets', (c) => c.json([]));
 * export default app; // app.request() in tests goes through the contract too
 */
export function errorContract(app: Hono<any, any, any>, contractOrOptions: ErrorContract | ErrorContractOptions = {}): HonoErrorContract {
  if (app === null || typeof app !== 'object' || typeof (app as Partial<Hono>).fetch !== 'function') {
    throw new TypeError('@error-contract/hono: errorContract(app, options) needs the Hono app first.');
  }
  const contract = resolveContract(contractOrOptions);
  // Outside the scope, the handler the app had answers: its own `app.onError`, or Hono's.
  const appOnError = appErrorHandler(app);
  // Nothing to check before routing: no request object is made for it.
  const checksBeforeRouting = contract.checksBeforeRouting;

  const onError: ErrorHandler = function errorContractOnError(error, c) {
    if (!contract.inScope(c.req.path)) return appOnError(error, c);
    return writeErrorResponse(c, contract.respond(error, requestLike(c)));
  };
  CONTRACT_HANDLERS.add(onError);

  const notFound: NotFoundHandler = function errorContractNotFound(c) {
    // `c.req.path` is the path as Hono routed it (`strict: false` drops a trailing slash), so
    // 405 agrees with routing.
    const routed = c.req.path;
    if (!contract.inScope(routed)) return honoDefaultNotFound(c);
    const miss = routeMissOf(app, c.req.method, routed);
    return writeResponse(c, contract.respond(miss, requestLike(c)), { replacesBody: false });
  };

  /** A response from Hono: passed on, unless a validator answered itself or it is a bare error. */
  const afterFetch = (res: Response, request: Request, env: unknown): Response | Promise<Response> => {
    return replaceBareResponse(res, request.method, (found) => toFetchResponse(contract.respond(found, requestLikeOf(request, env)), res.headers));
  };

  // Not async: Hono answers its single-handler fast path synchronously, and a Promise here would
  // cost every request a microtask turn.
  const fetch: FetchHandler = function errorContractFetch(request, env, executionCtx) {
    // The URL as it is: core reads its path only when the contract has a scope.
    if (!contract.inScope(request.url)) return app.fetch(request, env, executionCtx);
    if (checksBeforeRouting) {
      const refusal = contract.checkRequest(checkedRequestOf(request, env));
      if (refusal !== undefined) return toFetchResponse(refusal);
    }
    let res: Response | Promise<Response>;
    try {
      res = app.fetch(request, env, executionCtx);
    } catch (error) {
      return toFetchResponse(contract.respond(error, requestLikeOf(request, env)));
    }
    if (res instanceof Promise) {
      return res.then(
        (resolved) => afterFetch(resolved, request, env),
        (error: unknown) => toFetchResponse(contract.respond(error, requestLikeOf(request, env))),
      );
    }
    return afterFetch(res, request, env);
  };

  const middleware: MiddlewareHandler = async function errorContractMiddleware(c, next) {
    if (!contract.inScope(c.req.path)) return next();
    if (checksBeforeRouting) {
      // the checks before routing have no route (nor would a metric of theirs): reading Hono's
      // matched routes here would make an array on every request
      const refusal = contract.checkRequest(checkedRequestOf(c.req.raw, c.env));
      if (refusal !== undefined) return writeResponse(c, refusal, { replacesBody: false });
    }
    try {
      await next();
    } catch (error) {
      // Hono rethrows what is not an Error past onError; this is the last place to answer it.
      replaceResponse(c, writeResponse(c, contract.respond(error, requestLike(c))));
      return;
    }
    if (c.error !== undefined) takeBackHeaders(c);
    const finished = c.res;
    const answer = await replaceBareResponse(finished, c.req.method, (found) => toFetchResponse(contract.respond(found, requestLike(c)), finished.headers));
    if (answer !== finished) replaceResponse(c, answer);
  };

  return {
    contract,
    onError,
    notFound,
    fetch,
    middleware,
    rateLimitHandler(c) {
      return writeResponse(c, contract.respond(problems.tooManyRequests({ retryAfter: retryAfterOf(c) }), requestLike(c)));
    },
    validationHook(result, c) {
      if (result.success) return undefined;
      return writeResponse(c, contract.respond(result.error, requestLike(c)));
    },
  };
}
