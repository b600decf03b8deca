import { type ErrorContract, type ErrorContractOptions, type ErrorResponse, problem, problems } from '@error-contract/core';
import { assertKnownOptions, booleanOption, isBareErrorResponse, limiterRetryAfter, resolveContract } from '@error-contract/core/adapter';
import type Koa from 'koa';
import type { Context, Middleware, Next } from 'koa';
import { requestLike } from './request-like.js';
import { routeMissOf } from './route-methods.js';
import { writeResponse } from './write-response.js';

/**
 * Options of {@link errorContract} beyond the contract's own.
 *
 * @example
 * app.use(errorContract({ shape: 'compact' }, { checkRequest: false }));
 */
export interface KoaOptions {
  /**
   * Run the contract's checks before routing (its `accept` and `rejectMalformedPath` options; with
   * their defaults nothing is refused). Default true.
   */
  checkRequest?: boolean;
}

/** The middleware, with the contract behind it for `contract.error(code)`. */
export interface KoaErrorContract extends Middleware {
  readonly contract: ErrorContract;
}

/** Koa's `'error'` event wants an Error (its default listener throws on anything else). */
function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  let text: string;
  try {
    text = typeof value === 'symbol' ? value.toString() : JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return new Error(`non-error thrown: ${text}`);
}

// Errors whose `traceId` the adapter set: an error thrown again (a shared instance) gets the id of
// its latest failure, while a `traceId` of the app's own is never replaced.
const TAGGED = new WeakSet<Error>();

/**
 * Puts the failure's trace id on the error the `'error'` event carries, as Koa itself marks it
 * (`status`, `expose`, `headerSent`), so a listener's logger (koa-pino-logger, pino's err
 * serializer) names the trace.
 */
function tagTrace(error: Error, traceId: string): void {
  try {
    if (Object.hasOwn(error, 'traceId') && !TAGGED.has(error)) return;
    (error as Error & { traceId?: string }).traceId = traceId;
    TAGGED.add(error);
  } catch {
    // an error that refuses the mark is emitted as it is
  }
}

/** Whether the app's only `'error'` listener is Koa's own, which Koa adds when the app has none. */
function onlyKoasListener(app: Koa): boolean {
  const listeners = app.listeners('error');
  return listeners.length === 1 && listeners[0] === app.onerror;
}

/**
 * Koa's own listener prints `err.stack` and nothing else (application.js, `onerror`): for it, the
 * error is seen through a view whose stack ends with the trace id, so Koa's default line names the
 * trace too. The view inherits everything else from the error; no listener of the app's sees it.
 */
function withTraceInStack(error: Error, traceId: string): Error {
  const stack = typeof error.stack === 'string' ? error.stack : String(error);
  return Object.create(error, { stack: { value: `${stack}\n    trace ${traceId}`, configurable: true, writable: true } }) as Error;
}

/** koa-ratelimit (without `throw`) leaves 429, a text body, `Retry-After` and `ctx.state.rateLimit`. */
function isRateLimited(ctx: Context): boolean {
  return ctx.status === 429 && ctx.state?.rateLimit !== undefined;
}

/**
 * What answers a request that came back from downstream without throwing, or undefined to leave
 * it; `replacesBody` is false for a route miss, where no handler made a body.
 */
function afterDownstream(contract: ErrorContract, ctx: Context): { response: ErrorResponse; replacesBody: boolean } | undefined {
  if (isRateLimited(ctx)) {
    const init = problems.tooManyRequests({ retryAfter: limiterRetryAfter(ctx.response.get('Retry-After')) });
    return { response: contract.respond(init, requestLike(ctx)), replacesBody: true };
  }
  // Nothing set a body or a status: Koa's default 404, which may really be a wrong method.
  if (ctx.status === 404 && ctx.body == null) {
    return { response: contract.respond(routeMissOf(ctx), requestLike(ctx)), replacesBody: false };
  }
  if (isBareErrorResponse(ctx.status, ctx.type, ctx.body)) return { response: contract.respond(problem(ctx.status), requestLike(ctx)), replacesBody: true };
  return undefined;
}

/**
 * The error contract for a Koa 2 or 3 app: one middleware, placed before the routes (and after
 * helmet and CORS, whose headers then stay on every error). It refuses what the contract's options
 * say to refuse (by default nothing), catches whatever downstream throws, answers 404 and 405 (with
 * `Allow`, from @koa/router's matches), and gives bare error statuses and koa-ratelimit's refusal
 * the contract's body. 5xx are still emitted as the app's `'error'` event, so existing logging keeps
 * working, with the failure's trace id on the error (`err.traceId`) and at the end of Koa's own
 * default line; created from options without `onError` or `logger`, the contract leaves logging
 * to that event. With the `scope` option (`'/api'`), requests outside it are not touched.
 *
 * @example
 * import Koa from 'koa';
 * import Router from '@koa/router';
 * import { errorContract } from '@error-contract/koa';
 *
 * const app = new Koa();
 * const router = new Router();
 * router.get('/widgets/:id', (ctx) => ctx.throw(404, `No widget ${ctx.params.id}`));
 * app.use(errorContract({ typeBaseUrl: 'https://docs.example.com/errors/' }));
 * app.use(router.routes());
 */
export function errorContract(contractOrOptions: ErrorContract | ErrorContractOptions = {}, options: KoaOptions = {}): KoaErrorContract {
  // Koa's 'error' event is the log; a contract made here from options logs nothing itself.
  const contract = resolveContract(contractOrOptions, { onError: () => {} });
  assertKnownOptions(options, ['checkRequest'], '@error-contract/koa errorContract(contract, options)');
  // no request read for a check the contract does not make: a request it has nothing to check costs nothing
  const checkRequest = booleanOption(options.checkRequest, true, '@error-contract/koa', 'checkRequest') && contract.checksBeforeRouting;

  function emitError(ctx: Context, error: unknown, marks: { headerSent?: true } = {}, traceId?: string): void {
    try {
      const emitted = Object.assign(asError(error), marks);
      if (traceId !== undefined) tagTrace(emitted, traceId);
      ctx.app.emit('error', onlyKoasListener(ctx.app) && traceId !== undefined ? withTraceInStack(emitted, traceId) : emitted, ctx);
    } catch {
      // a listener that throws must not take the response with it
    }
  }

  /**
   * A response that has started cannot become an error. Koa's own onerror would leave it open and
   * the client waiting; it is ended here instead (the socket destroyed, so the client sees a
   * cut-short body, not a complete one) and the failure logged once.
   */
  function abandonStarted(ctx: Context, error: unknown): void {
    // `headerSent` as Koa's own onerror marks it, so existing listeners can tell.
    emitError(ctx, error, { headerSent: true });
    ctx.respond = false;
    if (!ctx.res.writableEnded) ctx.res.destroy();
  }

  function answerThrown(ctx: Context, error: unknown): void {
    if (ctx.headerSent || !ctx.writable) return abandonStarted(ctx, error);
    let response = contract.respond(error, requestLike(ctx));
    // @koa/router's allowedMethods({ throw: true }) throws a 405 without Allow: take it from the routes.
    if (response.status === 405 && response.headers.allow === undefined) {
      const miss = routeMissOf(ctx);
      if (miss.status === 405) response = contract.respond(miss, requestLike(ctx));
    }
    if (response.status >= 500) emitError(ctx, error, {}, response.traceId);
    writeResponse(ctx, response);
  }

  function answerReturned(ctx: Context): void {
    // A success is passed on untouched, after one read. (Koa's status is 404 until a body is set.)
    if (ctx.res.statusCode < 400 || ctx.respond === false || ctx.headerSent) return;
    const answer = afterDownstream(contract, ctx);
    if (answer !== undefined) writeResponse(ctx, answer.response, { replacesBody: answer.replacesBody });
  }

  // Not async: an async function and its await would cost every request extra microtask turns.
  function errorContractMiddleware(ctx: Context, next: Next): Promise<void> {
    // Outside the contract's scope, the app answers as it did without us: nothing is caught.
    if (!contract.inScope(ctx.originalUrl)) return next();
    if (checkRequest) {
      const refusal = contract.checkRequest(requestLike(ctx));
      if (refusal !== undefined) {
        writeResponse(ctx, refusal, { replacesBody: false });
        return Promise.resolve();
      }
    }
    return next().then(
      () => answerReturned(ctx),
      (error: unknown) => answerThrown(ctx, error),
    );
  }

  return Object.assign(errorContractMiddleware, { contract });
}
