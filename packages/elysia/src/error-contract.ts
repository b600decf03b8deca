import { type ErrorContract, type ErrorContractOptions, type RequestLike } from '@error-contract/core';
import { pathOfUrl, replaceBareResponse, resolveContract } from '@error-contract/core/adapter';
import type { AnyElysia } from 'elysia';
import { isElysiaStatus, parseFailure, statusProblem, thrownNotFound, validationFailure } from './elysia-failures.js';
import { writeResponse, requestLikeOf, type SetHeaders } from './responses.js';
import { type RoutedApp, routeMissOf } from './route-methods.js';

/**
 * The plugin {@link errorContract} makes: `app.use(errors)`. It returns the app it is given, its
 * inferred routes, decorators and schemas unchanged (Eden's types stay exact).
 *
 * @example
 * const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/' });
 * const app = new Elysia().use(errors).get('/locked', () => {
 *   throw errors.contract.error('conflict', 'The widget is locked.');
 * });
 */
export interface ElysiaErrorContract {
  /**
   * Adds the contract's hooks to `app` (once per app) and returns it, its type as it was. Typed
   * by the app's own type, not Elysia's class: an app built with another installed copy of Elysia
   * (a monorepo's) takes the plugin too.
   */
  <const App extends object>(app: App): App;
  /** The core contract behind it, for `errors.contract.error(code)`. */
  readonly contract: ErrorContract;
}

/** What Elysia hands an `onError` hook, as far as it is read here. */
interface ErrorContext {
  code: unknown;
  error: unknown;
  request: Request;
  route?: unknown;
  set: { headers: SetHeaders };
}

/** What Elysia hands an `onAfterHandle` hook, as far as it is read here. */
interface AfterHandleContext {
  request: Request;
  route?: unknown;
  responseValue?: unknown;
  response?: unknown;
  set: { headers: SetHeaders };
}

const WITH_CONTRACT = new WeakSet<object>();

/**
 * The error contract for an Elysia 1 app (Bun, or Node through `@elysiajs/node`): one plugin, to
 * `.use()` before the routes it covers (Elysia applies a hook to the routes registered after it).
 *
 * - Elysia's `NOT_FOUND` for a path no route has: 405 with `Allow` when the path has other
 *   methods (from `app.routes`), else 404. A `NotFoundError` the app throws keeps its message.
 * - `PARSE`: 400 `bad_request`; a parse hook's own problem (403, 413, 415) is kept.
 * - `VALIDATION`: 400 `validation_failed` (or the contract's `validationStatus`), one field problem
 *   per field with its JSON Pointer, from TypeBox or a Standard Schema; nothing of the submitted
 *   value. A response that fails its schema is a 500.
 * - `status(code, response)`, thrown or returned: the status kept; a 4xx's text is the detail, a
 *   5xx carries nothing from it. A bare error `Response` returned (`new Response(null, { status:
 *   403 })`) is answered in the contract, its headers kept. Other throws by core's trust rule: a `status` is kept, a message
 *   shown only when meant for clients, anything unknown is a 500, logged and traced.
 * - With an `accept` or `rejectMalformedPath` option, the checks before routing (406, 400) in an
 *   `onRequest` hook; without, no hook runs before routing.
 *
 * Headers the app set (`set.headers`: CORS, rate limits) stay on every answer. Outside the
 * contract's `scope`, Elysia answers as it does without us.
 *
 * @example
 * import { Elysia, t } from 'elysia';
 * import { errorContract } from '@error-contract/elysia';
 *
 * const app = new Elysia()
 *   .use(errorContract({ typeBaseUrl: 'https://docs.example.com/errors/' }))
 *   .post('/widgets', ({ body }) => body, { body: t.Object({ name: t.String({ minLength: 1 }) }) });
 */
export function errorContract(contractOrOptions: ErrorContract | ErrorContractOptions = {}): ElysiaErrorContract {
  const contract = resolveContract(contractOrOptions);
  // Nothing to check before routing: no hook.
  const checksBeforeRouting = contract.checksBeforeRouting;

  function install<const App extends object>(given: App): App {
    const app = given as unknown as AnyElysia;
    if (app === null || typeof app !== 'object' || typeof (app as Partial<AnyElysia>).onError !== 'function') {
      throw new TypeError('@error-contract/elysia: use the plugin on an Elysia app: new Elysia().use(errorContract(options)).');
    }
    if (WITH_CONTRACT.has(app)) throw new TypeError('@error-contract/elysia: this app has an error contract already; use errorContract() once per app.');
    WITH_CONTRACT.add(app);
    const routed = app as unknown as RoutedApp;

    /** What core is handed for what Elysia's hook names `code`. */
    function failureOf(code: unknown, error: unknown, request: Request, route: unknown): unknown {
      if (typeof code === 'number' || isElysiaStatus(error)) return isElysiaStatus(error) ? statusProblem(error) : error;
      switch (code) {
        case 'NOT_FOUND':
          // Elysia's own route miss has no route; a route's NotFoundError is the app's
          return route === undefined ? routeMissOf(routed, request.method, pathOfRequest(request)) : thrownNotFound(error);
        case 'PARSE':
          return parseFailure(error);
        case 'VALIDATION':
          return validationFailure(error);
        case 'INVALID_COOKIE_SIGNATURE':
          return { status: 400, expose: true, message: 'A signed cookie has an invalid signature.' };
        default:
          return error;
      }
    }

    if (checksBeforeRouting) {
      app.onRequest(function errorContractChecks({ request, set }) {
        // the URL read once (a getter that makes a string), the path cut from it only when read
        const url = request.url;
        if (!contract.inScope(url)) return undefined;
        const refusal = contract.checkRequest(lazyRequestLike(request, url));
        return refusal === undefined ? undefined : writeResponse(refusal, set.headers as SetHeaders);
      });
    }

    // The hooks take the members they read in their parameter list: Elysia reads a hook's source to
    // decide what to prepare for every route (sucrose), and a hook taking `context` whole made
    // every request copy its headers, parse its cookies (async) and its query.
    // Sync to Elysia's reading of its source too (no call on a return statement), so that a route's
    // failure is answered without an async wrapper; a Standard Schema's async validation still
    // answers later, as a promise Elysia's early-response mapping awaits.
    function errorContractOnError({ code, error, request, route, set }: ErrorContext): unknown {
      let answer: unknown;
      if (contract.inScope(request.url)) {
        const failure = failureOf(code, error, request, route);
        answer = failure instanceof Promise ? answerLater(contract, failure, request, route, set.headers) : answerNow(contract, failure, request, route, set.headers);
      }
      return answer;
    }
    app.onError({ as: 'global' }, errorContractOnError as never);

    // What a handler or `beforeHandle` returned is answered by Elysia without `onError`: a
    // `status(404, 'No widget 7')`, or a bare error `Response` (no body, or only a reason phrase:
    // core's rule, as for Hono and Next). Sync, so that Elysia compiles every route sync: Elysia
    // reads a hook's source to decide (a hook that says `return f(` or names a promise keyword is
    // taken for async, and every route then awaits it, successes included), so this one keeps its
    // calls off its return statements. Where a small body must be read (a text/plain error, a
    // validator's JSON 400), its answer is a promise, which Elysia's response mapping awaits.
    function errorContractReturned({ request, route, set, responseValue, response }: AfterHandleContext): unknown {
      const value = responseValue ?? response;
      let answer: unknown;
      if (isElysiaStatus(value)) {
        if (value.code >= 400 && contract.inScope(request.url)) answer = writeResponse(contract.respond(statusProblem(value), requestLikeOf(request, route)), set.headers);
      } else if (value instanceof Response && value.status >= 400 && contract.inScope(request.url)) {
        const replaced = replaceReturned(contract, value, request, route, set.headers);
        // the app's own response: undefined passes it on
        if (replaced !== value) answer = replaced;
      }
      return answer;
    }
    app.onAfterHandle({ as: 'global' }, errorContractReturned as never);

    return given;
  }

  return Object.assign(install, { contract }) as ElysiaErrorContract;
}

/** The contract's answer to what failed, with the headers the app set. */
function answerNow(contract: ErrorContract, failure: unknown, request: Request, route: unknown, held: SetHeaders): Response {
  return writeResponse(contract.respond(failure, requestLikeOf(request, route)), held);
}

/** The same, once a failure read asynchronously (a Standard Schema's issues) is known. */
function answerLater(contract: ErrorContract, failure: Promise<unknown>, request: Request, route: unknown, held: SetHeaders): Promise<Response> {
  return failure.then((found) => answerNow(contract, found, request, route, held));
}

/** A bare error `Response` a handler returned, answered by the contract with its headers kept; itself otherwise. */
function replaceReturned(contract: ErrorContract, value: Response, request: Request, route: unknown, held: SetHeaders): unknown {
  return replaceBareResponse(value, request.method, (failure) => writeResponse(contract.respond(failure, requestLikeOf(request, route)), held, value));
}

/** What core's checks before routing read: the headers; the path only with `rejectMalformedPath`. */
function lazyRequestLike(request: Request, url: string): RequestLike {
  return {
    method: request.method,
    headers: request.headers,
    get path() {
      return pathOfUrl(url);
    },
  };
}

/** The path as Elysia routes it: from the URL, without the query. */
function pathOfRequest(request: Request): string {
  return requestLikeOf(request).path;
}
