// The contract as an OpenAPI 3.1 `components` fragment: both body schemas, one response per code,
// and the headers some errors carry.
import type { ErrorContract } from '../contract/contract.js';
import type { Shape } from '../types.js';
import { documentedCodes, type KnownCode, knownCodes } from './codes.js';
import { exampleRenderer } from './examples.js';
import { compactErrorsSchema, detailedProblemSchema, type JsonSchema } from './schemas.js';

/**
 * Names of the two body schemas under `components.schemas`.
 *
 * @example
 * const ref = `#/components/schemas/${SCHEMA_NAMES.detailed}`; // '#/components/schemas/DetailedProblem'
 */
export const SCHEMA_NAMES = { detailed: 'DetailedProblem', compact: 'CompactErrors' } as const;

/**
 * The name of a code's response under `components.responses`: the code for the detailed shape,
 * the code with `.compact` for the compact one (a dot never occurs in a code, so they never clash).
 *
 * @example
 * responseName('not_found', 'compact'); // 'not_found.compact'
 */
export function responseName(code: string, shape: Shape): string {
  return shape === 'detailed' ? code : `${code}.compact`;
}

/** The headers an error may carry for the client, as OpenAPI header objects. */
const HEADERS = {
  Allow: { description: 'The methods the path has (RFC 9110 section 10.2.1); `HEAD` wherever `GET` is.', schema: { type: 'string' }, example: 'GET, HEAD, DELETE' },
  'Retry-After': { description: 'Whole seconds until the client may retry (RFC 9110 section 10.2.3).', schema: { type: 'string', pattern: '^[0-9]+$' }, example: '30' },
  'WWW-Authenticate': { description: 'The authentication challenge (RFC 9110 section 11.6.1).', schema: { type: 'string' }, example: 'Bearer realm="api"' },
} as const;

/** Which built-in code carries which header. */
const HEADERS_OF: Readonly<Record<string, keyof typeof HEADERS>> = {
  method_not_allowed: 'Allow',
  too_many_requests: 'Retry-After',
  unauthorized: 'WWW-Authenticate',
};

/**
 * Options of {@link errorComponents}.
 *
 * @example
 * errorComponents(contract, { shape: 'detailed' } satisfies ErrorComponentsOptions);
 */
export interface ErrorComponentsOptions {
  /**
   * Which body shapes get responses: `'detailed'` (as `<code>`), `'compact'` (as
   * `<code>.compact`), or `'both'` (default: a contract's shape may depend on the path).
   */
  shape?: Shape | 'both';
}

/**
 * An OpenAPI 3.1 fragment.
 *
 * @example
 * const fragment: OpenApiFragment = { components: { schemas: {}, responses: {}, headers: {} } };
 */
export interface OpenApiFragment {
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Record<string, unknown>>;
    headers: Record<string, Record<string, unknown>>;
  };
}

function responseFor(known: KnownCode, shape: Shape, example: Record<string, unknown>): Record<string, unknown> {
  const schema = { $ref: `#/components/schemas/${SCHEMA_NAMES[shape]}` };
  // core sends application/problem+json only for the detailed shape, and only when asked for
  const content: Record<string, unknown> = shape === 'detailed' ? { 'application/problem+json': { schema, example }, 'application/json': { schema, example } } : { 'application/json': { schema, example } };
  const header = HEADERS_OF[known.code];
  return {
    description: known.title,
    ...(header === undefined ? {} : { headers: { [header]: { $ref: `#/components/headers/${header}` } } }),
    content,
  };
}

/**
 * The contract's errors as OpenAPI 3.1 components: `DetailedProblem` and `CompactErrors` (JSON
 * Schema 2020-12, `code` an enum of every code the contract knows), one response per code of the
 * specification and of the catalog, its example rendered by core, and the `Allow`, `Retry-After`
 * and `WWW-Authenticate` headers.
 *
 * @example
 * import { createErrorContract, errorComponents } from '@error-contract/core';
 *
 * const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/' });
 * const { components } = errorComponents(contract, { shape: 'detailed' });
 * components.responses.not_found.description; // 'Not Found'
 */
export function errorComponents(contract: ErrorContract, options: ErrorComponentsOptions = {}): OpenApiFragment {
  // plain JavaScript may pass null where the options are optional
  options ??= {};
  const { shape = 'both' } = options;
  if (shape !== 'both' && shape !== 'detailed' && shape !== 'compact') throw new TypeError("error-contract: `shape` must be 'detailed', 'compact' or 'both'.");
  const codes = [...knownCodes(contract).keys()];
  const render = exampleRenderer(contract);
  const shapes: Shape[] = shape === 'both' ? ['detailed', 'compact'] : [shape];
  const responses: Record<string, Record<string, unknown>> = {};
  for (const known of documentedCodes(contract)) {
    for (const each of shapes) responses[responseName(known.code, each)] = responseFor(known, each, render(known.code, each));
  }
  return {
    components: {
      schemas: { [SCHEMA_NAMES.detailed]: detailedProblemSchema(codes), [SCHEMA_NAMES.compact]: compactErrorsSchema(codes) },
      responses,
      headers: structuredClone(HEADERS) as unknown as Record<string, Record<string, unknown>>,
    },
  };
}
