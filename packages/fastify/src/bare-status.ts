import { type ErrorContract, problem } from '@error-contract/core';
import { isBareErrorResponse } from '@error-contract/core/adapter';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failureLine } from './log-line.js';
import { requestLike } from './request-like.js';
import { isAnswered, writeReply } from './write-reply.js';

/**
 * An `onSend` hook that gives an error reply without a body of its own (`reply.code(403).send()`,
 * or a body that is only the reason phrase) the contract's body; an error body the app wrote is
 * kept. The plugin adds it itself; this is for an app that keeps its own error handler, such as
 * Nest on platform-fastify.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { bareStatusHook } from '@error-contract/fastify';
 *
 * app.addHook('onSend', bareStatusHook(createErrorContract()));
 * app.get('/admin', async (_request, reply) => reply.code(403).send()); // the contract's 403 body
 */
export function bareStatusHook(contract: ErrorContract) {
  return function errorContractBareStatus(request: FastifyRequest, reply: FastifyReply, payload: unknown, next: (error: null, payload: unknown) => void): void {
    // A success is passed on after one read.
    if (reply.statusCode < 400 || isAnswered(reply) || !contract.inScope(request.raw.url ?? request.url)) return next(null, payload);
    const type = reply.getHeader('content-type');
    if (!isBareErrorResponse(reply.statusCode, typeof type === 'string' ? type : undefined, payload, request.method)) return next(null, payload);
    const line = failureLine(request, reply);
    const answer = writeReply(reply, contract.respond(problem(reply.statusCode), requestLike(request, line.logger)));
    line.write(undefined);
    next(null, answer);
  };
}
