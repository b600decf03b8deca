import type { ErrorContract } from '@error-contract/core';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { requestLike } from './request-like.js';
import { sendResponse } from './write-reply.js';

/**
 * The contract's checks before routing (its `accept` and `rejectMalformedPath` options) as a
 * Fastify `onRequest` hook: a refused request is answered in the contract before any route runs
 * or any body is read. The plugin adds it itself; this is for an app that keeps its own error
 * handler, such as Nest on platform-fastify, where the plugin's handler would replace Nest's.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { checkRequestHook } from '@error-contract/fastify';
 *
 * const contract = createErrorContract({ accept: 'strict' });
 * app.addHook('onRequest', checkRequestHook(contract)); // 406 for a request that accepts no JSON
 */
export function checkRequestHook(contract: ErrorContract) {
  return function errorContractCheckRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (!contract.inScope(request.raw.url ?? request.url)) return done();
    const refusal = contract.checkRequest(requestLike(request));
    // answering from a hook: send, and do not go on (no route, no body is read)
    if (refusal === undefined) done();
    else sendResponse(reply, refusal, false);
  };
}
