// A route's own error responses for the OpenAPI tools Hono apps document with: @hono/zod-openapi's
// `createRoute({ responses })` and hono-openapi's `describeRoute({ responses })`. Each status's
// schema is whole (neither tool knows our components) and pins `code` to the codes the route
// declares for it; core's `withErrorResponses` reads those pinned codes as the route's
// declaration and adds what the contract answers for every route. Plain JSON Schema: no
// validation library is loaded (`@error-contract/hono/zod-openapi` has the zod form, for `hc`).
import type { ErrorContract, Shape } from '@error-contract/core';
import { shapeAt } from '@error-contract/core/adapter';
import { compactErrorsSchema, detailedProblemSchema, type JsonSchema, knownCodes } from '@error-contract/core/openapi';

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
export interface ErrorResponsesOptions {
  /** The route's path (`:id` or `{id}`), for a contract whose body shape depends on it (its `shape` option as a function). */
  path?: string;
  /** The body shape, when it is fixed; else the contract's for `path` (`'detailed'` without one). */
  shape?: Shape;
}

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

/** One status a route declares, before a tool's form of its schema is chosen. */
export interface DeclaredStatus {
  status: number;
  codes: string[];
  shape: Shape;
  description: string;
  headers?: Record<string, ErrorHeader>;
  schema: JsonSchema;
}

const HEADERS: Readonly<Record<string, [string, string]>> = {
  unauthorized: ['WWW-Authenticate', 'The authentication challenge (RFC 9110 section 11.6.1).'],
  too_many_requests: ['Retry-After', 'Whole seconds until the client may retry (RFC 9110 section 10.2.3).'],
  service_unavailable: ['Retry-After', 'Whole seconds until the client may retry (RFC 9110 section 10.2.3).'],
  method_not_allowed: ['Allow', 'The methods the path has (RFC 9110 section 10.2.1).'],
};

/**
 * The statuses a route declares, checked against the contract (a TypeError names an unknown code,
 * or one listed under a status the contract does not answer it with), each with its schema in
 * the shape the contract answers the route with. Shared by both entries.
 */
export function declaredStatuses(contract: ErrorContract, statuses: ErrorStatuses, options: ErrorResponsesOptions | undefined): DeclaredStatus[] {
  options ??= {};
  if (statuses === null || typeof statuses !== 'object' || Array.isArray(statuses)) throw new TypeError("error-contract: errorResponses takes the codes by status, e.g. { 404: ['not_found'] }.");
  const known = knownCodes(contract);
  // Hono writes `:id` (and `:id{[0-9]+}`), OpenAPI `{id}`: the contract is asked with a plain segment in their place
  const shape = options.shape ?? (options.path === undefined ? 'detailed' : shapeAt(contract, options.path.replace(/:[^/]+/g, 'x').replace(/\{[^}]*\}/g, 'x')));
  const declared: DeclaredStatus[] = [];
  for (const [key, list] of Object.entries(statuses)) {
    if (!Array.isArray(list) || list.length === 0) throw new TypeError(`error-contract: errorResponses lists no codes under ${key}: give the codes the route answers with it, e.g. { 404: ['not_found'] }.`);
    const codes = [...new Set(list as string[])];
    for (const code of codes) {
      const entry = known.get(code);
      if (entry === undefined) throw new TypeError(`error-contract: errorResponses names the code \`${String(code)}\`, which the contract does not know: add it to the catalog, or name a built-in code.`);
      if (String(entry.status) !== key) throw new TypeError(`error-contract: errorResponses lists the code \`${code}\` under ${key}, but the contract answers it with ${entry.status}.`);
    }
    const headers = Object.fromEntries(codes.flatMap((code) => (HEADERS[code] === undefined ? [] : [[HEADERS[code]![0], { description: HEADERS[code]![1], schema: { type: 'string' as const } }]])));
    declared.push({
      status: Number(key),
      codes,
      shape,
      description: codes.map((code) => known.get(code)!.title).join(' or '),
      ...(Object.keys(headers).length === 0 ? {} : { headers }),
      schema: shape === 'detailed' ? detailedProblemSchema(codes) : compactErrorsSchema(codes),
    });
  }
  return declared;
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
  for (const { status, shape, description, headers, schema } of declaredStatuses(contract, statuses, options)) {
    responses[status] = {
      description,
      ...(headers === undefined ? {} : { headers }),
      content: shape === 'detailed' ? { 'application/problem+json': { schema }, 'application/json': { schema } } : { 'application/json': { schema } },
    };
  }
  return responses as { -readonly [Status in keyof Statuses]: HonoErrorResponse };
}
