// A route's own error responses as Fastify route schemas: what `schema.response` holds, so that
// @fastify/swagger documents them as it documents the route's successes. Each status's schema is
// whole (Fastify compiles response schemas, and resolves no `#/components` reference) and pins
// `code` to the codes the route declares for it; core's `withErrorResponses` reads those pinned
// codes as the route's declaration and adds what the contract answers for every route.
import type { ErrorContract, Shape } from '@error-contract/core';
import { shapeAt } from '@error-contract/core/adapter';
import { compactErrorsSchema, detailedProblemSchema, knownCodes } from '@error-contract/core/openapi';

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
export interface ErrorResponsesOptions {
  /** The route's path, for a contract whose body shape depends on it (its `shape` option as a function). */
  path?: string;
  /** The body shape, when it is fixed; else the contract's for `path` (`'detailed'` without one). */
  shape?: Shape;
}

const HEADERS: Readonly<Record<string, [string, string]>> = {
  unauthorized: ['WWW-Authenticate', 'The authentication challenge (RFC 9110 section 11.6.1).'],
  too_many_requests: ['Retry-After', 'Whole seconds until the client may retry (RFC 9110 section 10.2.3).'],
  service_unavailable: ['Retry-After', 'Whole seconds until the client may retry (RFC 9110 section 10.2.3).'],
  method_not_allowed: ['Allow', 'The methods the path has (RFC 9110 section 10.2.1).'],
};

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
  options ??= {};
  const known = knownCodes(contract);
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const entry = known.get(code);
    if (entry === undefined) throw new TypeError(`error-contract: errorResponses names the code \`${String(code)}\`, which the contract does not know: add it to the catalog, or name a built-in code.`);
    const list = byStatus.get(entry.status) ?? [];
    if (!list.includes(code)) list.push(code);
    byStatus.set(entry.status, list);
  }
  // Fastify writes `:id`; the contract is asked with a plain segment in its place
  const shape = options.shape ?? (options.path === undefined ? 'detailed' : shapeAt(contract, options.path.replace(/:[^/]+/g, 'x')));
  const responses: Record<string, FastifyErrorResponse> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const schema = shape === 'detailed' ? detailedProblemSchema(list) : compactErrorsSchema(list);
    const headers = Object.fromEntries(list.flatMap((code) => (HEADERS[code] === undefined ? [] : [[HEADERS[code]![0], { type: 'string' as const, description: HEADERS[code]![1] }]])));
    responses[String(status)] = {
      description: list.map((code) => known.get(code)!.title).join(' or '),
      ...(Object.keys(headers).length === 0 ? {} : { headers }),
      content: shape === 'detailed' ? { 'application/problem+json': { schema }, 'application/json': { schema } } : { 'application/json': { schema } },
    };
  }
  return responses;
}
