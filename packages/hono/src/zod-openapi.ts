// `@error-contract/hono/zod-openapi`: a route's own error responses for @hono/zod-openapi's
// `createRoute({ responses })`, as zod schemas. @hono/zod-openapi documents a plain JSON Schema
// as well (the main entry's `errorResponses`), but types only a zod schema's body for `hc`
// (its `RouteConfigToTypedResponse` infers a `ZodType`'s output; any other schema is `never`).
// An entry of its own, with zod an optional peer, so that the main entry never loads zod: an app
// on @hono/zod-openapi has zod already (its peer), and one on hono-openapi or none never needs it.
// It imports zod rather than taking `z` as an argument: the schema is built once, here, and
// zod-to-openapi reads it by shape (`def.type`, `.meta()`), so a second copy of zod still works.
import type { ErrorContract, Shape } from '@error-contract/core';
import type { ZodType } from 'zod';
import { routeErrorStatuses } from '@error-contract/core/openapi';
import type { ErrorHeader, ErrorResponsesOptions, ErrorStatuses } from './error-responses.js';
import { type ErrorBody, zodBody } from './zod-bodies.js';

export type { ErrorHeader, ErrorResponsesOptions, ErrorStatuses } from './error-responses.js';
export type { CompactErrorsBody, DetailedProblemBody, ErrorBody } from './zod-bodies.js';

/**
 * The body shape the options fix statically: their `shape`; `'detailed'` with neither `shape` nor
 * `path`; either with a `path` alone (the contract chooses at run time).
 *
 * @example
 * type S = ShapeOf<{ path: '/v1/widgets/:id' }>; // 'detailed' | 'compact'
 */
export type ShapeOf<Options> = Options extends { shape: infer S extends Shape } ? S : Options extends { shape?: undefined; path?: undefined } ? 'detailed' : Shape;

/**
 * The media types of one error response with its body's zod schema: the detailed shape under
 * `application/problem+json` and `application/json`, the compact one as JSON.
 *
 * @example
 * type Content = ZodErrorContent<'not_found', 'compact'>; // { 'application/json': { schema: ZodType<CompactErrorsBody<'not_found'>> } }
 */
export type ZodErrorContent<Code extends string, S extends Shape> = [S] extends ['compact']
  ? { 'application/json': { schema: ZodType<ErrorBody<Code, S>> } }
  : [S] extends ['detailed']
    ? { 'application/problem+json': { schema: ZodType<ErrorBody<Code, S>> }; 'application/json': { schema: ZodType<ErrorBody<Code, S>> } }
    : { 'application/problem+json'?: { schema: ZodType<ErrorBody<Code, S>> }; 'application/json': { schema: ZodType<ErrorBody<Code, S>> } };

/**
 * One error response of a route, as `createRoute` takes it, its body typed by its codes.
 *
 * @example
 * const missing: ZodErrorResponse<'not_found', 'detailed'> = errorResponses(contract, { 404: ['not_found'] })[404];
 */
export interface ZodErrorResponse<Code extends string, S extends Shape> {
  description: string;
  headers?: Record<string, ErrorHeader>;
  content: ZodErrorContent<Code, S>;
}

/**
 * What {@link errorResponses} returns for these statuses and options: one response per status,
 * its body typed by that status's codes.
 *
 * @example
 * type Missing = ZodErrorResponses<{ 404: ['not_found'] }, {}>[404]; // ZodErrorResponse<'not_found', 'detailed'>
 */
export type ZodErrorResponses<Statuses extends ErrorStatuses, Options> = {
  -readonly [Status in keyof Statuses]: ZodErrorResponse<Statuses[Status] extends readonly (infer Code extends string)[] ? Code : string, ShapeOf<Options>>;
};

/**
 * The error responses a route answers itself, for @hono/zod-openapi's `createRoute({ responses })`:
 * one per status, its schema a zod schema of the body whose `code` is one of the codes given for
 * that status, in the shape the contract answers the route with. The document gets the same JSON
 * Schema as from the main entry's `errorResponses`, so `withErrorResponses` over
 * `app.getOpenAPI31Document(...)` reads them as the route's declaration; `hc` types the body of
 * each declared status (`res.status === 404`, then `code` is `'not_found'`). The body is typed by
 * `options.shape`, else detailed without a `path`, else either shape. Nothing the app sends
 * changes: @hono/zod-openapi validates requests, never responses. Throws a TypeError for a code
 * the contract does not know, or one under another status than the contract answers it with.
 *
 * @example
 * import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
 * import { hc } from 'hono/client';
 * import { createErrorContract, notFound } from '@error-contract/core';
 * import { withErrorResponses } from '@error-contract/core/openapi';
 * import { errorContract } from '@error-contract/hono';
 * import { errorResponses } from '@error-contract/hono/zod-openapi';
 *
 * const contract = createErrorContract({ accept: 'strict' });
 * const getWidget = createRoute({
 *   method: 'get',
 *   path: '/widgets/{id}',
 *   request: { params: z.object({ id: z.string() }) },
 *   responses: { 200: { description: 'The widget', content: { 'application/json': { schema: z.object({ id: z.string() }) } } }, ...errorResponses(contract, { 404: ['not_found'] }) },
 * });
 * const app = new OpenAPIHono();
 * const errors = errorContract(app, contract);
 * app.use(errors.middleware);
 * app.onError(errors.onError);
 * app.notFound(errors.notFound);
 * const routes = app.openapi(getWidget, (c) => {
 *   throw notFound(`No widget ${c.req.valid('param').id}.`);
 * });
 * const document = withErrorResponses(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Widgets', version: '1' } }), contract);
 *
 * const res = await hc<typeof routes>('http://localhost').widgets[':id'].$get({ param: { id: '8' } });
 * if (res.status === 404) console.log((await res.json()).code); // 'not_found'
 */
export function errorResponses<const Statuses extends ErrorStatuses, const Options extends ErrorResponsesOptions = {}>(
  contract: ErrorContract,
  statuses: Statuses,
  options?: Options,
): ZodErrorResponses<Statuses, Options> {
  const responses: Record<string, { description: string; headers?: Record<string, ErrorHeader>; content: Record<string, { schema: ZodType }> }> = {};
  // keyed by status, so that the type checker (and `hc`, Eden) sees each status's codes
  if (Array.isArray(statuses)) throw new TypeError("error-contract: errorResponses takes the codes by status, e.g. { 404: ['not_found'] }.");
  for (const { status, codes, shape, description, headers, schema } of routeErrorStatuses(contract, statuses, options ?? {})) {
    const body = zodBody(codes, shape, schema);
    responses[status] = {
      description,
      ...(headers === undefined ? {} : { headers }),
      content: shape === 'detailed' ? { 'application/problem+json': { schema: body }, 'application/json': { schema: body } } : { 'application/json': { schema: body } },
    };
  }
  return responses as ZodErrorResponses<Statuses, Options>;
}
