import type { ErrorContract, ErrorContractOptions, ErrorLogger, RequestLike } from '@error-contract/core';
import { resolveContract, withRoute, writeServerResponse } from '@error-contract/core/adapter';
import type { routeMissOf, sendResponse } from '@error-contract/fastify';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { answerAsNest, isFastifyReply } from './nest-default.js';
import { installAfterRouting, installBeforeRouting } from './before-routing.js';
import { defaultNestLogger } from './nest-logger.js';
import { errorToJudge, isRouterNotFound } from './nest-shapes.js';
import { expressAdapter, fastifyAdapter } from './platform.js';

// Fastify's types as @error-contract/fastify takes them (one copy of Fastify's types: the app's).
type FastifyReply = Parameters<typeof sendResponse>[0];
type FastifyInstance = Parameters<typeof routeMissOf>[0];
type FastifyRequest = FastifyReply['request'];

/** The Express adapter's middleware the filter uses on platform-express. */
interface ExpressParts {
  guard: RequestHandler;
  handler: (err: unknown, req: Request, res: Response, next: NextFunction) => void;
  fallback: RequestHandler;
  tail: RequestHandler;
}

// The error each request failed with outside Nest's handlers, before Nest re-threw it as an
// HttpException (see `noteFastifyErrors` and `noteExpressError`), keyed by the request.
const PLATFORM_ERRORS = new WeakMap<object, unknown>();

/**
 * An Express error middleware that notes the error a request failed with before Nest's own error
 * layer re-throws it as an `HttpException` (Nest 11 keeps only the message of a body parser's
 * SyntaxError, which may quote the body; Nest 12 keeps it as `cause`), so that core judges the
 * original. Placed after the body parsers, before Nest's error layer.
 */
export function noteExpressError(err: unknown, req: object, _res: unknown, next: (error?: unknown) => void): void {
  if (req !== null && typeof req === 'object') PLATFORM_ERRORS.set(req, err);
  next(err);
}

/**
 * Notes, on a Fastify app, the error of each request that fails outside Nest's handlers (its body
 * parser, a plugin's hook): Nest re-throws such an error as an `HttpException` with only its
 * message, and the filter hands core the original, so that a body error keeps core's sentence.
 * An onError hook runs before the error handler Nest set (fastify.dev, "Hooks").
 */
export function noteFastifyErrors(fastify: FastifyInstance): void {
  fastify.addHook('onError', function errorContractNoteError(request, _reply, error, done) {
    PLATFORM_ERRORS.set(request, error);
    done();
  });
}

/**
 * What core needs of a Fastify request: the path the client sent (the query cut off by core), and
 * the matched route's template as the Fastify adapter reads it.
 */
function fastifyRequestLike(request: FastifyRequest): RequestLike {
  return withRoute({ method: request.raw.method ?? request.method, path: request.raw.url ?? request.url, headers: request.headers }, fastifyAdapter().routeTemplateOf?.(request));
}

/**
 * What core needs of an Express (or Node) request; on platform-express (`routed`), with the matched
 * route's template as the Express adapter reads it (a Nest middleware's raw Node request on
 * platform-fastify has none).
 */
function nodeRequestLike(req: Request, routed = false): RequestLike {
  const like: RequestLike = { method: req.method, path: req.originalUrl ?? req.url, headers: req.headers };
  return routed ? withRoute(like, expressAdapter().routeTemplateOf?.(req)) : like;
}

function destroy(res: { destroy?: () => unknown } | undefined): void {
  try {
    res?.destroy?.();
  } catch {
    // already gone
  }
}

/**
 * The error contract as a Nest exception filter, for Nest 11 and 12 on `@nestjs/platform-express`
 * and `@nestjs/platform-fastify`: every failure of an HTTP request answers in one JSON shape.
 * `HttpException` and its subclasses keep their status (and, for a 4xx, their message); anything
 * else thrown by a controller, guard, pipe, interceptor or middleware is a 500 with nothing of it
 * sent; the router's 404 for an unknown path becomes 405 with `Allow` when the path has other
 * methods (read from Express's or Fastify's router, through `@error-contract/express` and
 * `@error-contract/fastify`); headers the app set before the failure (`WWW-Authenticate`,
 * `Retry-After`, CORS, helmet's) stay. Outside the core `scope` option, Nest answers as it would
 * without us.
 *
 * Like a filter with an empty `@Catch()`, it catches everything; a filter of the app's for a
 * narrower type still runs first. `ErrorContractModule.forRoot()` registers it (with the checks
 * before routing); on its own it is `app.useGlobalFilters(new ErrorContractFilter(options))`.
 * Takes a contract from `createErrorContract`, or that function's options; without a `logger` or
 * `onError`, each 5xx is one line in Nest's `Logger`.
 *
 * @example
 * import { NestFactory } from '@nestjs/core';
 * import { ErrorContractFilter } from '@error-contract/nest';
 *
 * const app = await NestFactory.create(AppModule);
 * app.useGlobalFilters(new ErrorContractFilter({ typeBaseUrl: 'https://docs.example.com/errors/' }));
 * await app.listen(3000);
 */
export class ErrorContractFilter implements ExceptionFilter {
  /** The core contract behind it, for `contract.error(code)` and the docs pages. */
  readonly contract: ErrorContract;
  readonly #logger: ErrorLogger | undefined;
  #express: ExpressParts | undefined;

  constructor(contractOrOptions: ErrorContract | ErrorContractOptions = {}) {
    const given = contractOrOptions as ErrorContractOptions;
    const isContract = typeof (contractOrOptions as Partial<ErrorContract>)?.respond === 'function';
    // Nest's Logger is where a Nest app's lines go: the 5xx line goes there unless told otherwise.
    const logger = isContract || given?.logger !== undefined || given?.onError !== undefined ? undefined : defaultNestLogger();
    this.contract = resolveContract(contractOrOptions, logger === undefined ? {} : { logger });
    // Outside the scope, Nest's own answer, logged as Nest logs it (unless the logger is off).
    this.#logger = isContract || given?.logger === undefined ? (logger ?? defaultNestLogger()) : given.logger || undefined;
  }

  /** The Express adapter's middleware for this contract, made on platform-express's first need. */
  #expressParts(): ExpressParts {
    if (this.#express !== undefined) return this.#express;
    const express = expressAdapter().errorContract(this.contract);
    this.#express = {
      guard: express.guard(),
      handler: express.handler(),
      // Nest's not-found handler answers OPTIONS before Express could (404 on both platforms
      // without us): the contract answers it as any method a path lacks, 405 with Allow, as on Fastify.
      fallback: express.fallback({ answerOptions: true }),
      // After Nest's own handlers, for what none of them took (see afterRouting): Express's OPTIONS
      // answer there is the app's, and stays.
      tail: express.fallback(),
    };
    return this.#express;
  }

  /**
   * Puts the checks before routing on the platform's app (`app.getHttpAdapter().getInstance()`,
   * Express or Fastify): the contract's refusals (406 in strict mode, 400 for an undecodable path,
   * as its options say), the contract's body for bare error statuses (Express), and what lets the
   * filter judge a body parser's own error rather than Nest's copy of it. `ErrorContractModule`
   * calls it; with the filter on its own, call it before `app.init()`, after what must come first
   * (your own documents, CORS) and before your rate limiter and authentication. Returns false for
   * a platform it does not know.
   *
   * @example
   * const errors = new ErrorContractFilter({ accept: 'strict' });
   * errors.beforeRouting(app.getHttpAdapter().getInstance());
   * app.useGlobalFilters(errors);
   * await app.init();
   */
  beforeRouting(platformApp: unknown): boolean {
    return installBeforeRouting(platformApp, { contract: this.contract, expressGuard: () => this.#expressParts().guard, noteExpressError, noteFastifyErrors });
  }

  /**
   * Puts the contract's route-miss answer after everything Nest put on the platform's app, for the
   * requests none of Nest's handlers take: on platform-express, Nest 12 mounts its not-found
   * handler under the global prefix only (`setGlobalPrefix('api')`), so `GET /nothing` would be
   * Express's HTML page; with this, it is the contract's 404 (405 with Allow where the path has
   * other methods) when the scope covers it, as on platform-fastify. Outside the scope, Express's
   * own answer. `ErrorContractModule` calls it once the app is initialised
   * (`onApplicationBootstrap`); with the filter on its own, call it after `app.init()`. Returns
   * false on a platform that needs nothing (Fastify's not-found handler covers every path).
   *
   * @example
   * await app.init();
   * errors.afterRouting(app.getHttpAdapter().getInstance());
   */
  afterRouting(platformApp: unknown): boolean {
    return installAfterRouting(platformApp, () => this.#expressParts().tail);
  }

  /** Called by Nest with what a request threw; answers it in the contract (HTTP requests only). */
  catch(exception: unknown, host: ArgumentsHost): void {
    // A WebSocket or microservice context has no response to write: its own filters answer.
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const request = http.getRequest<unknown>();
    const response = http.getResponse<unknown>();
    if (isFastifyReply(response)) this.#onFastify(exception, request as FastifyRequest, response as unknown as FastifyReply);
    else this.#onNode(exception, request as Request, response as Response, http.getNext<NextFunction>());
  }

  /** platform-express, and Nest middleware on platform-fastify (Node's own req and res). */
  #onNode(exception: unknown, req: Request, res: Response, next: NextFunction | undefined): void {
    const url = req.originalUrl ?? req.url;
    if (!this.contract.inScope(url ?? '/')) return answerAsNest(exception, res, this.#logger);
    // Express's request has its app; Nest middleware on platform-fastify gets Node's own objects
    if (typeof (req as Partial<Request>).app !== 'function') return this.#onRawNode(exception, req, res);
    let express: ExpressParts;
    try {
      express = this.#expressParts();
    } catch (error) {
      // @error-contract/express is not installed: Nest's answer, and the line that says why
      this.#logger?.error({ err: error }, (error as Error).message);
      return answerAsNest(exception, res, this.#logger);
    }
    if (isRouterNotFound(exception, req.method, url)) {
      // 404, or 405 with Allow (OPTIONS included, as on platform-fastify)
      express.fallback(req, res, () => (typeof next === 'function' ? next() : answerAsNest(exception, res, this.#logger)));
      return;
    }
    express.handler(errorToJudge(exception, PLATFORM_ERRORS.get(req)), req, res, () => {
      // The response has started (a stream that failed midway): it cannot become an error. It is
      // ended, the socket destroyed so the client sees a cut-short body, and the failure logged once.
      if (res.headersSent) {
        this.contract.respond(exception, nodeRequestLike(req, true));
        destroy(res);
      } else answerAsNest(exception, res, this.#logger);
    });
  }

  /**
   * Nest middleware on platform-fastify fails with Node's own request and response (middie's),
   * where neither Express's response nor Fastify's reply is there: the answer is written on Node's.
   */
  #onRawNode(exception: unknown, req: Request, res: Response): void {
    const response = this.contract.respond(errorToJudge(exception, PLATFORM_ERRORS.get(req)), nodeRequestLike(req));
    if (res.headersSent) destroy(res);
    else writeServerResponse(res, response);
  }

  #onFastify(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const raw = request.raw ?? (request as unknown as FastifyRequest['raw']);
    const url = raw.url ?? request.url;
    if (!this.contract.inScope(url ?? '/')) return answerAsNest(exception, reply, this.#logger);
    const method = raw.method ?? request.method;
    if (reply.raw.headersSent) {
      this.contract.respond(exception, fastifyRequestLike(request));
      destroy(reply.raw);
      return;
    }
    const original = PLATFORM_ERRORS.get(request);
    if (isRouterNotFound(exception, method, (raw as { originalUrl?: string }).originalUrl || url) && original === undefined && request.server !== undefined) {
      const fastify = fastifyAdapter();
      const miss = fastify.routeMissOf(request.server, method, url);
      fastify.sendResponse(reply, this.contract.respond(miss, fastifyRequestLike(request)), false);
      return;
    }
    fastifyAdapter().sendResponse(reply, this.contract.respond(errorToJudge(exception, original), fastifyRequestLike(request)));
  }
}
