import type { ErrorContract, ErrorContractOptions } from '@error-contract/core';
import { reasonPhrase, resolveContract } from '@error-contract/core/adapter';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLike } from './request-like.js';
import { sendResponse } from './write-reply.js';

/** The `frameworkErrors` server option's signature (Fastify 4 and 5). */
export type FrameworkErrorsHandler = (error: Error & { statusCode?: number; code?: string }, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * A handler for Fastify's `frameworkErrors` server option. Fastify answers a path it cannot decode
 * (400, `FST_ERR_BAD_URL`) and an over-long path parameter (414) while routing, before any hook or
 * plugin runs, with a JSON body of its own that quotes the path; only this option reaches them. It
 * answers them in the contract, after the contract's own checks (a missing Accept is still a 406 in
 * strict mode); outside the contract's `scope`, as Fastify would.
 *
 * @example
 * import Fastify from 'fastify';
 * import { createErrorContract } from '@error-contract/core';
 * import { errorContract, frameworkErrors } from '@error-contract/fastify';
 *
 * const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/' });
 * const app = Fastify({ frameworkErrors: frameworkErrors(contract) });
 * await app.register(errorContract, { contract });
 */
export function frameworkErrors(contractOrOptions: ErrorContract | ErrorContractOptions = {}): FrameworkErrorsHandler {
  const contract = resolveContract(contractOrOptions);
  return function errorContractFrameworkErrors(error, request, reply) {
    if (contract.inScope(request.raw.url ?? '/')) {
      // the contract's own checks come first, as for every other request (a missing Accept is a
      // 406 on any path, a malformed one included)
      const request_ = requestLike(request);
      sendResponse(reply, contract.checkRequest(request_) ?? contract.respond(error, request_), false);
      return;
    }
    // outside the scope, Fastify's own answer as Fastify writes it without this option (fastify.js
    // onBadUrl, onMaxParamLength): straight to Node's response, `application/json` without a
    // charset, no hooks (a reply.send would add both)
    const statusCode = typeof error?.statusCode === 'number' ? error.statusCode : 400;
    const body = JSON.stringify({ error: reasonPhrase(statusCode), code: error?.code, message: error?.message, statusCode });
    reply.hijack();
    reply.raw.writeHead(statusCode, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    reply.raw.end(body);
  };
}
