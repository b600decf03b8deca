// A route's own error responses as Fastify route schemas: what `schema.response` holds, so that
// @fastify/swagger documents them as it documents the route's successes. Each status's schema is
// whole (Fastify compiles response schemas, and resolves no `#/components` reference) and pins
// `code` to the codes the route declares for it; core's `withErrorResponses` reads those pinned
// codes as the route's declaration and adds what the contract answers for every route.
import type { ErrorContract, Shape } from '@error-contract/core';
import { type RouteErrorOptions, routeErrorStatuses } from '@error-contract/core/openapi';

/**
 * One error response of a route's `schema.response`, as @fastify/swagger reads it.
 *
 * @example
 * const response: FastifyErrorResponse = { description: 'Not Found', content: { 'application/json': { schema: { type: 'object' } } } };
 */
export interface FastifyErrorResponse {
  description: string;
  headers?: Record<string, { type: 'string'; description: string }>;
  content: Record<string, { schema: Record<string, unknown> }>;
}

/**
 * Options of {@link errorResponses}.
 *
 * @example
 * const options: ErrorResponsesOptions = { path: '/api/client/v1/widgets/:id' };
 */
export type ErrorResponsesOptions = RouteErrorOptions;

/**
 * The error responses a route answers itself, for its `schema.response`: one per status, its
 * schema pinning `code` to the codes given for that status, in the shape the contract answers the
 * route with. @fastify/swagger documents them; `withErrorResponses` over `app.swagger()` reads
 * them as the route's declaration and adds what the contract answers for every route (401, 406,
 * 429, 500, and 400, 413, 415 where a body is read). Success responses are untouched: spread
 * these beside them. Throws a TypeError for a code the contract does not know.
 *
 * @example
 * import Fastify from 'fastify';
 * import swagger from '@fastify/swagger';
 * import { createErrorContract, notFound } from '@error-contract/core';
 * import { withErrorResponses } from '@error-contract/core/openapi';
 * import { errorContract, errorResponses } from '@error-contract/fastify';
 *
 * const contract = createErrorContract({ accept: 'strict' });
 * const app = Fastify();
 * await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'Widgets', version: '1' } } });
 * await app.register(errorContract, { contract });
 * app.get('/widgets/:id', { schema: { response: { 200: { type: 'object' }, ...errorResponses(contract, ['not_found']) } } }, async (request) => {
 *   throw notFound(`No widget ${(request.params as { id: string }).id}.`);
 * });
 * app.get('/openapi.json', async () => withErrorResponses(app.swagger(), contract));
 */
export function errorResponses(contract: ErrorContract, codes: readonly string[], options: ErrorResponsesOptions = {}): Record<string, FastifyErrorResponse> {
  const responses: Record<string, FastifyErrorResponse> = {};
  for (const { status, shape, description, headers, schema } of routeErrorStatuses(contract, codes, options ?? {})) {
    responses[String(status)] = {
      description,
      // @fastify/swagger reads a response's header as a schema with its description
      ...(headers === undefined ? {} : { headers: Object.fromEntries(Object.entries(headers).map(([name, header]) => [name, { type: 'string' as const, description: header.description }])) }),
      content: shape === 'detailed' ? { 'application/problem+json': { schema }, 'application/json': { schema } } : { 'application/json': { schema } },
    };
  }
  return responses;
}
