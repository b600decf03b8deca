import { type ErrorContract, type ErrorContractOptions, problem, type ProblemInit } from '@error-contract/core';
import { isContractResponse, read, replaceBareResponse, resolveContract } from '@error-contract/core/adapter';
import { type EventV1, type EventV2, isEventV2, isMalformedEvent, requestLikeOf, routedPathOf } from './event.js';
import { failureOf } from './h3-error.js';
import { writeResponseV2, writeResponseV1 } from './responses.js';
import { RouteRecord, routeMissV2 } from './route-methods.js';

/**
 * An h3 error hook: `new H3({ onError })` (h3 2), `createApp({ onError })` (h3 1). On h3 2 it
 * returns the answer as a `Response`; on h3 1 it writes it on the event's Node response. Outside
 * the contract's `scope` it returns nothing, and h3 answers as it would without us.
 */
export type H3ErrorHook = (error: unknown, event: any) => Response | undefined | Promise<undefined>;

/**
 * A middleware for `app.use()` on both majors: on h3 2 a `(event, next)` middleware, on h3 1 an
 * event handler (marked as one) that returns nothing unless it answers.
 */
export type H3Middleware = ((event: any, next?: () => unknown) => unknown) & { readonly __is_handler__: true };

/** Everything the adapter gives one h3 app. See {@link errorContract}. */
export interface H3ErrorContract {
  /** The core contract behind it, for `contract.error(code)`. */
  readonly contract: ErrorContract;
  /**
   * For the app's `onError` option: whatever a handler or middleware threw, h3's own errors
   * (`createError`, `HTTPError`, its validated readers' failures, a body that is not JSON) and
   * h3's 404, made a 405 with `Allow` where the path has routes for other methods.
   */
  readonly onError: H3ErrorHook;
  /**
   * For `app.use()`, first: the checks before routing (406 in strict mode, malformed paths), and on
   * h3 2 an error response a handler returned bare (`new Response(null, { status: 403 })`).
   */
  readonly middleware: H3Middleware;
  /**
   * h3 1 only: hands the contract a router made with `createRouter()`, before routes are added to
   * it, so that a path with routes for other methods is a 405 with `Allow` (h3 1 does not expose a
   * router's routes). Returns the same router. h3 2 reads the app's routes itself.
   */
  router<R extends object>(router: R): R;
}

/**
 * For an adapter built on this one (`@error-contract/nitro`), not for apps: how it sees the app
 * whose routes answer 404 or 405.
 *
 * @example
 * const h3 = errorContract(options, { routesOf: (app) => app }); // the app as it is: the default
 */
export interface H3AdapterOptions {
  /**
   * The app the route look-up reads, for an h3 2 event's `app`: Nitro 3 keeps its routes out of the
   * app's `~routes` and hands a view of them here. Called on a route miss only.
   */
  readonly routesOf?: (app: unknown) => unknown;
}

interface RouterV1 {
  add?: (path: string, handler: unknown, method?: string | string[]) => unknown;
}

/**
 * The error contract for an h3 app, on h3 2 and h3 1.15 alike, on any runtime (Web standard APIs
 * only). It changes nothing on the app by itself: give its `onError` to the app and its
 * `middleware` to `app.use()`. With the contract's `scope` option (`'/api'`), paths outside it are
 * answered as h3 would without us.
 *
 * @example
 * import { H3 } from 'h3';
 * import { errorContract } from '@error-contract/h3';
 *
 * const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/' });
 * const app = new H3({ onError: errors.onError });
 * app.use(errors.middleware);
 * app.get('/widgets', () => []);
 * export default app;
 */
export function errorContract(contractOrOptions: ErrorContract | ErrorContractOptions = {}, adapter: H3AdapterOptions = {}): H3ErrorContract {
  const contract = resolveContract(contractOrOptions);
  const routesOf = adapter.routesOf;
  const checksBeforeRouting = contract.checksBeforeRouting;
  // the routes of the h3 1 routers handed to `router()`
  const routesV1 = new RouteRecord();

  /** 404 or 405 for a request h3 found no route for. */
  const routeMiss = (event: EventV1 | EventV2, saidMethodNotAllowed: boolean): ProblemInit => {
    const request = requestLikeOf(event);
    const miss = isEventV2(event)
      ? routeMissV2(routesOf === undefined ? event.app : routesOf(event.app), request.method, routedPathOf(event))
      : routesV1.miss(request.method, routedPathOf(event));
    // an h3 1 preemptive router said 405 for a router not handed over: its status stays
    return miss.status === 404 && saidMethodNotAllowed ? problem(405) : miss;
  };

  const onError: H3ErrorHook = function errorContractOnError(error, event) {
    if (event === null || typeof event !== 'object') return undefined;
    const v2 = isEventV2(event);
    const request = requestLikeOf(event);
    if (!contract.inScope(request.path)) {
      // an app made `silent` (so that the contract's line is a 5xx's only one) still has what it
      // leaves to h3 printed, as h3 prints it when not silent: its wrapper of a thrown value
      if (v2 && read(read(read(event, 'app'), 'config'), 'silent') === true && read(error, 'unhandled') === true) console.error(error);
      return undefined;
    }
    if (!v2 && (event as EventV1).handled === true) return undefined;
    const malformed = v2 && isMalformedEvent(event);
    if (malformed && checksBeforeRouting) {
      // h3 2 refuses a path that does not percent-decode before any middleware runs: the checks
      // before routing come first here too (a missing Accept is a 406 on any path)
      const refusal = contract.checkRequest(requestLikeOf(event, false));
      if (refusal !== undefined) return writeResponseV2(event, refusal);
    }
    const failure = failureOf(error, malformed);
    const thrown = failure.kind === 'route-miss' ? routeMiss(event, failure.status === 405) : failure.error;
    const answer = contract.respond(thrown, request);
    if (v2) return writeResponseV2(event, answer);
    writeResponseV1(event as EventV1, answer);
    return undefined;
  };

  /** h3 2: an error response a handler returned bare, answered by the contract. */
  const afterNext = (event: EventV2, result: unknown): unknown => {
    if (!(result instanceof Response) || result.status < 400 || isContractResponse(result)) return result;
    return replaceBareResponse(result, event.req.method, (failure) => writeResponseV2(event, contract.respond(failure, requestLikeOf(event)), result.headers));
  };

  const middleware = Object.assign(
    function errorContractMiddleware(event: any, next?: () => unknown): unknown {
      const v2 = isEventV2(event);
      const request = requestLikeOf(event, false);
      const proceed = () => {
        if (next === undefined) return undefined;
        const result = next();
        if (!v2) return result;
        return result instanceof Promise ? result.then((resolved) => afterNext(event, resolved)) : afterNext(event, result);
      };
      if (!contract.inScope(request.path)) return next?.();
      if (checksBeforeRouting) {
        const refusal = contract.checkRequest(request);
        if (refusal !== undefined) {
          if (v2) return writeResponseV2(event, refusal);
          writeResponseV1(event, refusal);
          return undefined;
        }
      }
      return proceed();
    },
    { __is_handler__: true as const },
  );

  return {
    contract,
    onError,
    middleware,
    router(router) {
      const v1 = router as RouterV1;
      const add = v1.add;
      if (typeof add !== 'function') throw new TypeError('@error-contract/h3: errors.router(router) needs a router made by h3 1\'s createRouter().');
      // h3 1's `router.get()` and the others call `router.add` as it is at call time
      v1.add = function addRecorded(path, handler, method = 'all') {
        for (const name of [method].flat()) routesV1.add(path, name);
        return add.call(this, path, handler, method);
      };
      return router;
    },
  };
}
