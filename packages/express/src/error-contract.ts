import { type ErrorContract, type ErrorContractOptions, problems } from '@error-contract/core';
import { assertKnownOptions, booleanOption, limiterRetryAfter, resolveContract, routeMiss, writeServerResponse } from '@error-contract/core/adapter';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { mountsApp, trackEnteredApps } from './mounted-apps.js';
import { rootRouterOf, routeMethods } from './route-methods.js';
import { armBareStatus, endAsContract } from './bare-status.js';
import { pathOf, requestLike } from './request-like.js';

/**
 * Options of {@link ExpressErrorContract.guard}.
 *
 * @example
 * app.use(errors.guard({ checkRequest: false })); // bare statuses only, no 406
 */
export interface GuardOptions {
  /**
   * Run the contract's checks before routing (its `accept` and `rejectMalformedPath` options; with
   * their defaults nothing is refused). Default true.
   */
  checkRequest?: boolean;
  /** Give `res.sendStatus(4xx)` and empty error responses the contract's body. Default true. */
  bareStatuses?: boolean;
}

/**
 * Options of {@link ExpressErrorContract.fallback}.
 *
 * @example
 * app.use(errors.fallback({ answerOptions: true })); // OPTIONS /widgets: 405 with Allow, not Express's 200
 */
export interface FallbackOptions {
  /**
   * Answer an OPTIONS request for a path that exists as any other method the path lacks: 405 with
   * `Allow`. Default false: Express answers it (200, `Allow`) once its router runs out. For a
   * framework whose own not-found handler answers OPTIONS before Express can (Nest).
   */
  answerOptions?: boolean;
}

/** The middleware set for one Express app. See {@link errorContract}. */
export interface ExpressErrorContract {
  /** The core contract behind it, for `contract.error(code)` and custom responses. */
  readonly contract: ErrorContract;
  /** First, before the routes: the contract's refusals (406, 400), if its options ask for them; bare error statuses get the contract's body. */
  guard(options?: GuardOptions): RequestHandler;
  /**
   * After the routes: 405 with `Allow` when the path exists under another method, else 404. An
   * OPTIONS request for a path that exists is left to Express, which answers it with `Allow`
   * (unless `answerOptions`).
   */
  fallback(options?: FallbackOptions): RequestHandler;
  /**
   * Last: the 4-argument error handler for whatever reached `next(err)` or was thrown. For a 5xx it
   * leaves the error on `res.err`, where pino-http's request log looks for it.
   */
  handler(): ErrorRequestHandler;
  /** A ready `handler` for express-rate-limit: 429 with `Retry-After`, its `RateLimit` headers kept. */
  rateLimitHandler(req: Request, res: Response, next: NextFunction, options?: unknown): void;
}

/** Seconds until the client may retry: express-rate-limit's own `Retry-After`, else its reset time. */
function retryAfterOf(req: Request, res: Response): number | undefined {
  return limiterRetryAfter(res.getHeader('retry-after'), (req as Request & { rateLimit?: { resetTime?: unknown } }).rateLimit?.resetTime);
}

/**
 * Plugs the error contract into an Express 4 or 5 app: four lines, and every failure answers in
 * one JSON shape. Takes a contract from `createErrorContract`, or that function's options. Mount
 * the three middleware on a path (`app.use('/api', errors.guard())`) or a Router to cover only that
 * part of the app: every other response stays exactly as Express makes it.
 *
 * @example
 * import express from 'express';
 * import { errorContract } from '@error-contract/express';
 *
 * const app = express();
 * const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/' });
 * app.use(errors.guard());
 * app.get('/widgets', (req, res) => res.json([]));
 * app.use(errors.fallback());
 * app.use(errors.handler());
 */
export function errorContract(contractOrOptions: ErrorContract | ErrorContractOptions = {}): ExpressErrorContract {
  const contract = resolveContract(contractOrOptions);

  return {
    contract,

    guard(options: GuardOptions = {}) {
      assertKnownOptions(options, ['checkRequest', 'bareStatuses'], '@error-contract/express guard()');
      // no request read for a check the contract does not make (its Accept policy is 'any' and it
      // refuses no malformed path): a request it has nothing to check costs nothing
      const checkRequest = booleanOption(options.checkRequest, true, '@error-contract/express', 'checkRequest') && contract.checksBeforeRouting;
      const bareStatuses = booleanOption(options.bareStatuses, true, '@error-contract/express', 'bareStatuses');
      return function errorContractGuard(req, res, next) {
        if (!contract.inScope(req.originalUrl ?? req.url)) return next();
        if (checkRequest) {
          const refusal = contract.checkRequest(requestLike(req));
          if (refusal !== undefined) return endAsContract(res, () => writeServerResponse(res, refusal, { replacesBody: false }));
        }
        if (bareStatuses) armBareStatus(req, res, contract, errorContractGuard);
        // Sub-apps hide their routes from the parent: note the ones this request enters, for 405.
        const router = rootRouterOf(req.app);
        if (router !== undefined && mountsApp(router.stack)) trackEnteredApps(res);
        next();
      };
    },

    fallback(options: FallbackOptions = {}) {
      assertKnownOptions(options, ['answerOptions'], '@error-contract/express fallback()');
      const answerOptions = booleanOption(options.answerOptions, false, '@error-contract/express', 'answerOptions');
      return function errorContractFallback(req, res, next) {
        if (res.headersSent || !contract.inScope(req.originalUrl ?? req.url)) return next();
        const miss = routeMiss(req.method, routeMethods(req.app, pathOf(req), res));
        // Express answers OPTIONS for a path its routes have (200, Allow) once its router runs out.
        if (miss.status === 405 && req.method === 'OPTIONS' && !answerOptions) return next();
        endAsContract(res, () => writeServerResponse(res, contract.respond(miss, requestLike(req)), { replacesBody: false }));
      };
    },

    handler() {
      return function errorContractHandler(err: unknown, req: Request, res: Response, next: NextFunction) {
        if (!contract.inScope(req.originalUrl ?? req.url)) return next(err);
        // A response that has started cannot become an error: Express's own handler destroys the
        // socket (expressjs.com, "Error handling"), so the client sees a cut-short body, not a hang.
        if (res.headersSent) return next(err);
        try {
          const response = contract.respond(err, requestLike(req));
          // pino-http logs a request's failure from `res.err` (its README, "Custom error
          // handling"): left there, its request line says what failed, with the stack.
          if (response.status >= 500) (res as Response & { err?: unknown }).err ??= err;
          endAsContract(res, () => writeServerResponse(res, response));
        } catch {
          next(err);
        }
      };
    },

    rateLimitHandler(req, res) {
      if (res.headersSent) return;
      const response = contract.respond(problems.tooManyRequests({ retryAfter: retryAfterOf(req, res) }), requestLike(req));
      endAsContract(res, () => writeServerResponse(res, response));
    },
  };
}
