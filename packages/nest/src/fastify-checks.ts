import type { ErrorContract } from '@error-contract/core';
import { sendResponse } from '@error-contract/fastify';

/**
 * The contract's checks before routing (its `accept` and `rejectMalformedPath` options) as a
 * Fastify onRequest hook, for Nest on platform-fastify. `@error-contract/fastify`'s plugin has
 * the same hook, but it also sets an error handler, which would replace Nest's (Fastify warns,
 * FSTWRN004); this hook is all that Nest needs of it.
 */
type FastifyReply = Parameters<typeof sendResponse>[0];

export function checkRequestHook(contract: ErrorContract) {
  return function errorContractCheckRequest(request: FastifyReply['request'], reply: FastifyReply, done: () => void): void {
    const url = request.raw.url ?? request.url;
    if (!contract.inScope(url)) return done();
    const refusal = contract.checkRequest({ method: request.raw.method ?? request.method, path: url, headers: request.headers });
    // answering from a hook: send, and do not go on (no route, no body is read)
    if (refusal === undefined) done();
    else sendResponse(reply, refusal, false);
  };
}
