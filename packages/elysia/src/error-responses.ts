// A route's own error responses as entries of Elysia's `response` map: @elysiajs/openapi documents
// them as it documents the route's successes, Eden types `error.value` by status, and core's
// `withErrorResponses` reads the pinned codes as the route's declaration.
//
// Each entry is a Standard Schema, not TypeBox's `t.Unsafe(jsonSchema)`: Elysia compiles every
// TypeBox response schema with TypeBox's TypeCompiler, which refuses the `Unsafe` kind ("Unknown
// type") when the route is added, and it rewrites an object schema in place to
// `additionalProperties: false` and builds a cleaner from it (schema.ts, `getSchemaValidator`),
// which would document a closed body where the contract adds extension members (RFC 9457 section
// 3.2). A Standard Schema is neither compiled nor rewritten: its `validate` passes every value on
// as it is, and @elysiajs/openapi reads its JSON Schema from `~standard.jsonSchema` (the Standard
// JSON Schema interface).
import type { Catalog, CodeOf, ErrorContract, Shape } from '@error-contract/core';
import { type CompactErrorBody, type DetailedErrorBody, type JsonSchema, type RouteErrorOptions, routeErrorStatuses } from '@error-contract/core/openapi';

/**
 * The codes a route answers itself, by status: `{ 404: ['not_found'] }`.
 *
 * @example
 * const codes: ErrorCodesByStatus = { 403: ['forbidden'], 404: ['not_found'] };
 */
export type ErrorCodesByStatus<Code extends string = string> = { readonly [status: number]: readonly Code[] };

/**
 * Options of {@link errorResponses}.
 *
 * @example
 * const options: ErrorResponsesOptions = { path: '/api/v1/widgets/:id' };
 */
export type ErrorResponsesOptions = RouteErrorOptions;

/**
 * The body a status answers with, for the codes given: the shape `options.shape` names, either
 * shape when only the path decides it, else the detailed one.
 *
 * @example
 * type Missing = ErrorBodyOf<'not_found', { shape: 'compact' }>; // CompactErrorBody<'not_found'>
 */
export type ErrorBodyOf<Code extends string, Options> = Options extends { shape: infer S extends Shape }
  ? S extends 'compact'
    ? CompactErrorBody<Code>
    : DetailedErrorBody<Code>
  : Options extends { path: string }
    ? DetailedErrorBody<Code> | CompactErrorBody<Code>
    : DetailedErrorBody<Code>;

/**
 * One entry of a route's `response` map: a Standard Schema whose output type is the body (what
 * Eden reads), whose JSON Schema pins `code` (what @elysiajs/openapi documents), and whose
 * `validate` hands back every value as it is.
 *
 * @example
 * const missing: ErrorResponseSchema<DetailedErrorBody<'not_found'>> = errorResponses(contract, { 404: ['not_found'] })[404];
 */
export interface ErrorResponseSchema<Body> {
  /** The Standard Schema interface (with Standard JSON Schema's `jsonSchema`): what Elysia, Eden and @elysiajs/openapi read. */
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'error-contract';
    readonly validate: (value: unknown) => { value: Body };
    readonly types?: { readonly input: Body; readonly output: Body };
    readonly jsonSchema: { readonly input: (options?: unknown) => JsonSchema; readonly output: (options?: unknown) => JsonSchema };
  };
  /** The headers the codes carry, as @elysiajs/openapi reads a response schema's `headers`. */
  readonly headers?: Readonly<Record<string, JsonSchema>>;
}

/**
 * What {@link errorResponses} returns: per status given, its schema.
 *
 * @example
 * type Responses = ErrorResponseSchemas<{ 404: ['not_found'] }, {}>; // { 404: ErrorResponseSchema<DetailedErrorBody<'not_found'>> }
 */
export type ErrorResponseSchemas<Codes, Options> = {
  -readonly [Status in keyof Codes]: ErrorResponseSchema<ErrorBodyOf<Codes[Status] extends readonly (infer Code extends string)[] ? Code : never, Options>>;
};

/** The entry of one status: a fresh copy of its JSON Schema each time a tool asks (tools may change what they are given). */
function schemaEntry(schema: JsonSchema, found: Record<string, { description: string; schema: { type: 'string' } }> | undefined): ErrorResponseSchema<unknown> {
  const json = () => structuredClone(schema);
  // @elysiajs/openapi reads a response's headers as schemas with their description
  const headers = Object.fromEntries(Object.entries(found ?? {}).map(([name, header]) => [name, { type: 'string', description: header.description }]));
  return {
    '~standard': { version: 1, vendor: 'error-contract', validate: (value: unknown) => ({ value }), jsonSchema: { input: json, output: json } },
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
  };
}

/**
 * The error responses a route answers itself, for its `response` map beside its successes: one
 * entry per status, its JSON Schema pinning `code` to the codes given for it, in the shape the
 * contract answers the route with (`options.shape`, else the contract's for `options.path`, else
 * detailed). @elysiajs/openapi documents them; `withErrorResponses` over its document reads them
 * as the route's declaration and adds what the contract answers for every route (401, 406, 429,
 * 500, and 400, 413, 415 where a body is read). Eden types `error.value` by status, `code` as the
 * codes given. Keyed by status so that the keys are numbers to the type checker as to Elysia.
 *
 * Nothing Elysia sends changes: the entries validate nothing and clean nothing, and the
 * contract's answers are `Response`s Elysia sends as they are. Throws a TypeError for a code the
 * contract does not know, or one it answers with another status than its key.
 *
 * @example
 * import { Elysia, t } from 'elysia';
 * import { openapi } from '@elysiajs/openapi';
 * import { createErrorContract, notFound } from '@error-contract/core';
 * import { errorContract, errorResponses } from '@error-contract/elysia';
 *
 * const contract = createErrorContract({ accept: 'strict' });
 * const Widget = t.Object({ id: t.String(), name: t.String() });
 * export const app = new Elysia()
 *   .use(openapi())
 *   .use(errorContract(contract))
 *   .get('/widgets/:id', ({ params }) => {
 *     if (params.id !== '7') throw notFound(`No widget ${params.id}.`);
 *     return { id: '7', name: 'bolt' };
 *   }, { response: { 200: Widget, ...errorResponses(contract, { 404: ['not_found'] }) } });
 */
export function errorResponses<C extends Catalog, const Codes extends ErrorCodesByStatus<CodeOf<C>>, const Options extends ErrorResponsesOptions = {}>(
  contract: ErrorContract<C>,
  codes: Codes,
  options?: Options,
): ErrorResponseSchemas<Codes, Options> {
  const responses: Record<string, ErrorResponseSchema<unknown>> = {};
  // keyed by status, so that the type checker (and `hc`, Eden) sees each status's codes
  if (Array.isArray(codes)) throw new TypeError("error-contract: errorResponses takes the codes by status, e.g. { 404: ['not_found'] }.");
  for (const { status, description, headers, schema } of routeErrorStatuses(contract as ErrorContract, codes as ErrorCodesByStatus, (options ?? {}) as ErrorResponsesOptions)) {
    // @elysiajs/openapi takes a response's description from its schema's
    responses[status] = schemaEntry({ ...schema, description }, headers);
  }
  return responses as ErrorResponseSchemas<Codes, Options>;
}
