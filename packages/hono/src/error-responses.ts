// A route's own error responses for the OpenAPI tools Hono apps document with: @hono/zod-openapi's
// `createRoute({ responses })` and hono-openapi's `describeRoute({ responses })`. Each status's
// schema is whole (neither tool knows our components) and pins `code` to the codes the route
// declares for it; core's `withErrorResponses` reads those pinned codes as the route's
// declaration and adds what the contract answers for every route. Plain JSON Schema: no
// validation library is loaded (`@error-contract/hono/zod-openapi` has the zod form, for `hc`).
import type { ErrorContract, Shape } from '@error-contract/core';
import { type JsonSchema, type RouteErrorOptions, routeErrorStatuses } from '@error-contract/core/openapi';

/**
 * The codes a route answers itself, by the status the contract answers each with:
 * `{ 404: ['not_found'] }`. Keyed by status so that the response keys are numeric literals for
 * the tools' types.
 *
 * @example
 * const statuses: ErrorStatuses = { 403: ['forbidden'], 404: ['not_found'] };
 */
export type ErrorStatuses = { readonly [status: number]: readonly string[] };

/**
 * Options of {@link errorResponses}.
 *
 * @example
 * const options: ErrorResponsesOptions = { path: '/api/client/v1/widgets/:id' };
 */
export type ErrorResponsesOptions = RouteErrorOptions;

/**
 * One header an error response carries, as an OpenAPI header object.
 *
 * @example
 * const header: ErrorHeader = { description: 'Whole seconds until the client may retry.', schema: { type: 'string' } };
 */
// a type, not an interface: the tools' header types carry an `x-` index signature, which only a type literal meets
export type ErrorHeader = {
  description: string;
  schema: { type: 'string' };
};

/**
 * One error response of a route, as `createRoute` and `describeRoute` take it: the detailed
 * shape under `application/problem+json` and `application/json`, the compact one as JSON.
 *
 * @example
 * const response: HonoErrorResponse = { description: 'Not Found', content: { 'application/json': { schema: { type: 'object' } } } };
 */
export interface HonoErrorResponse {
  description: string;
  headers?: Record<string, ErrorHeader>;
  content: { 'application/json': { schema: JsonSchema }; 'application/problem+json'?: { schema: JsonSchema } };
}

/**
 * The error responses a route answers itself, for `createRoute({ responses })` of
 * @hono/zod-openapi or `describeRoute({ responses })` of hono-openapi: one per status, its schema
 * whole and pinning `code` to the codes given for that status, in the shape the contract answers
 * the route with. `withErrorResponses` over the generated document reads them as the route's
 * declaration and adds what the contract answers for every route (401, 406, 429, 500, and 400,
 * 413, 415 where a body is read). Nothing the app sends changes: neither tool validates
 * responses. Spread them beside the route's successes. Throws a TypeError for a code the contract
 * does not know, or one under another status than the contract answers it with. For bodies that
 * Hono's `hc` client types, take `errorResponses` of `@error-contract/hono/zod-openapi`.
 *
 * @example
 * import { Hono } from 'hono';
 * import { describeRoute, generateSpecs } from 'hono-openapi';
 * import { createErrorContract, notFound } from '@error-contract/core';
 * import { withErrorResponses } from '@error-contract/core/openapi';
 * import { errorContract, errorResponses } from '@error-contract/hono';
 *
 * const contract = createErrorContract({ accept: 'strict' });
 * const app = new Hono();
 * const errors = errorContract(app, contract);
 * app.use(errors.middleware);
 * app.onError(errors.onError);
 * app.notFound(errors.notFound);
 * app.get('/widgets/:id', describeRoute({ responses: { 200: { description: 'The widget' }, ...errorResponses(contract, { 404: ['not_found'] }) } }), (c) => {
 *   throw notFound(`No widget ${c.req.param('id')}.`);
 * });
 * const document = withErrorResponses(await generateSpecs(app), contract);
 */
export function errorResponses<const Statuses extends ErrorStatuses>(contract: ErrorContract, statuses: Statuses, options?: ErrorResponsesOptions): { -readonly [Status in keyof Statuses]: HonoErrorResponse } {
  const responses: Record<string, HonoErrorResponse> = {};
  // keyed by status, so that the type checker (and `hc`, Eden) sees each status's codes
  if (Array.isArray(statuses)) throw new TypeError("error-contract: errorResponses takes the codes by status, e.g. { 404: ['not_found'] }.");
  for (const { status, shape, description, headers, schema } of routeErrorStatuses(contract, statuses, options ?? {})) {
    responses[status] = {
      description,
      ...(headers === undefined ? {} : { headers }),
      content: shape === 'detailed' ? { 'application/problem+json': { schema }, 'application/json': { schema } } : { 'application/json': { schema } },
    };
  }
  return responses as { -readonly [Status in keyof Statuses]: HonoErrorResponse };
}
