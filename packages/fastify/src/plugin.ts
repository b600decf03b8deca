import type { ErrorContract, ErrorContractOptions } from '@error-contract/core';
import { assertKnownOptions, booleanOption, CONTRACT_OPTION_KEYS, resolveContract } from '@error-contract/core/adapter';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bareStatusHook } from './bare-status.js';
import { checkRequestHook } from './check-request.js';
import { requestLike } from './request-like.js';
import { routeTableOf } from './route-methods.js';
import { failureLine, messageOf } from './log-line.js';
import { writeReply } from './write-reply.js';

/**
 * Options of the {@link errorContract} plugin: the core contract's options, or a ready contract in
 * `contract`, and what the plugin takes over.
 *
 * @example
 * await app.register(errorContract, { contract, notFound: false });
 */
export interface FastifyErrorContractOptions extends ErrorContractOptions {
  /** A contract from `createErrorContract`, shared with other apps; the core options are then ignored. */
  contract?: ErrorContract;
  /**
   * Run the contract's checks before routing, in an onRequest hook (its `accept` and
   * `rejectMalformedPath` options; with their defaults nothing is refused). Default true.
   */
  checkRequest?: boolean;
  /** Give empty error replies (`reply.code(403).send()`) the contract's body. Default true. */
  bareStatuses?: boolean;
  /** Answer route misses (`setNotFoundHandler`): 405 with `Allow`, else 404. Default true. */
  notFound?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The error contract of the first `errorContract` registration that reaches this instance. */
    errorContract: ErrorContract;
  }
}

// Keys Fastify itself reads from a plugin's options, and the plugin's own: not the contract's.
const NOT_CONTRACT_OPTIONS = new Set(['contract', 'checkRequest', 'bareStatuses', 'notFound', 'prefix', 'logLevel', 'logSerializers']);

function flag(options: FastifyErrorContractOptions, name: 'checkRequest' | 'bareStatuses' | 'notFound'): boolean {
  return booleanOption(options[name], true, '@error-contract/fastify', name);
}

function contractOf(options: FastifyErrorContractOptions): ErrorContract {
  if (options.contract !== undefined) {
    if (typeof options.contract?.respond !== 'function') throw new TypeError('@error-contract/fastify: `contract` must be made by createErrorContract().');
    return options.contract;
  }
  const coreOptions = Object.fromEntries(Object.entries(options).filter(([key]) => !NOT_CONTRACT_OPTIONS.has(key)));
  // Without a `logger`, each 5xx is one line on Fastify's request log when Fastify's logger is on,
  // else core's console line (see log-line.ts).
  return resolveContract(coreOptions);
}

/**
 * A failure answered in the contract, with its one log line: the line core asks for (each 5xx, the
 * 4xx of `logClientErrors`) on Fastify's request log once the reply has its status (see
 * log-line.ts), else, for a 4xx, the info line Fastify's default error handler writes.
 */
function answerFailure(contract: ErrorContract, error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const line = failureLine(request, reply);
  const response = contract.respond(error, requestLike(request, line.logger));
  const payload = writeReply(reply, response);
  // with Fastify's logger off (no line logger) its info line would go nowhere: not made at all
  if (line.logger !== undefined && !line.write(error) && response.status < 500) {
    try {
      reply.log.info({ res: reply, err: error }, messageOf(error));
    } catch {
      // a failing logger must not turn one failure into two
    }
  }
  reply.send(payload);
}

// Fastify's own 404 (fastify/lib/four-oh-four.js), for paths outside the contract's scope.
function fastifyNotFound(request: FastifyRequest, reply: FastifyReply): void {
  const { url, method } = request.raw;
  const message = `Route ${method}:${url} not found`;
  request.log.info(message);
  reply.code(404).send({ message, error: 'Not Found', statusCode: 404 });
}

const plugin: FastifyPluginCallback<FastifyErrorContractOptions> = function errorContractPlugin(fastify, options = {}, done) {
  let contract: ErrorContract;
  let checkRequest: boolean, bareStatuses: boolean, notFound: boolean;
  try {
    // a misspelt key names the nearest one, whether a contract is given or made here
    assertKnownOptions(options, [...NOT_CONTRACT_OPTIONS, ...CONTRACT_OPTION_KEYS], '@error-contract/fastify');
    contract = contractOf(options);
    checkRequest = flag(options, 'checkRequest');
    bareStatuses = flag(options, 'bareStatuses');
    notFound = flag(options, 'notFound');
  } catch (error) {
    // a wrong option fails `register` (and `ready`, `listen`) at startup
    done(error as Error);
    return;
  }
  const inScope = (request: FastifyRequest) => contract.inScope(request.raw.url ?? request.url);

  if (!fastify.hasDecorator('errorContract')) fastify.decorate('errorContract', contract);

  // no hook on a request the contract has nothing to check
  if (checkRequest && contract.checksBeforeRouting) fastify.addHook('onRequest', checkRequestHook(contract));

  fastify.setErrorHandler(function errorContractErrorHandler(error: unknown, request, reply) {
    // outside the scope, the handler this one replaced answers (Fastify calls the parent context's
    // error handler for what an error handler throws)
    if (!inScope(request)) throw error;
    if (reply.raw.headersSent) {
      // A reply that has started cannot become an error: end it so the client is not left waiting
      // for a body that will not come (the socket destroyed, so the body is seen cut short). The
      // failure is logged once, through core.
      const line = failureLine(request, reply);
      contract.respond(error, requestLike(request, line.logger));
      line.write(error);
      reply.raw.destroy();
      return;
    }
    answerFailure(contract, error, request, reply);
  });

  if (notFound) {
    const routes = routeTableOf(fastify as FastifyInstance);
    fastify.addHook('onRoute', (route) => routes.note(route.method));
    fastify.setNotFoundHandler(function errorContractNotFound(request, reply) {
      if (!inScope(request)) return fastifyNotFound(request, reply);
      const miss = routes.missOf(fastify as FastifyInstance, request.raw.method ?? request.method, request.raw.url ?? request.url);
      const line = failureLine(request, reply);
      const payload = writeReply(reply, contract.respond(miss, requestLike(request, line.logger)), false);
      line.write(miss);
      reply.send(payload);
    });
  }

  if (bareStatuses) fastify.addHook('onSend', bareStatusHook(contract));
  done();
};

/**
 * The error contract as a Fastify 4 or 5 plugin: every failure of the context it is registered in
 * answers in one JSON shape. Thrown and rejected errors of handlers and hooks (Fastify's own body,
 * schema validation and rate-limit errors included) go through its error handler; a route miss is
 * 404, or 405 with `Allow` when the path has other methods; empty error replies get the contract's
 * body; the contract's checks before routing (406 in strict mode) run in an onRequest hook. Headers
 * set before the failure (helmet's, CORS, rate-limit headers) stay. Wrapped with fastify-plugin:
 * registered at the root it covers the whole app; inside an encapsulated context (a `prefix`) only
 * that context, as Fastify's own `setErrorHandler` does. Outside the core `scope` option, if given,
 * Fastify answers as it would without us.
 *
 * @example
 * import Fastify from 'fastify';
 * import { notFound } from '@error-contract/core';
 * import { errorContract } from '@error-contract/fastify';
 *
 * const app = Fastify();
 * await app.register(errorContract, { typeBaseUrl: 'https://docs.example.com/errors/' });
 * app.get('/widgets/:id', async (request) => {
 *   throw notFound(`No widget has the id ${JSON.stringify((request.params as { id: string }).id)}.`);
 * });
 * await app.listen({ port: 3000 });
 */
export const errorContract = fp(plugin, { name: '@error-contract/fastify', fastify: '4.x || 5.x' });
