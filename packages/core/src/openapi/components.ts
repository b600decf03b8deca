// The contract as an OpenAPI 3.1 `components` fragment: both body schemas, one response per code,
// and the headers some errors carry.
import type { ErrorContract } from '../contract/contract.js';
import type { Shape } from '../types.js';
import { documentedCodes, type KnownCode, knownCodes } from './codes.js';
import { exampleRenderer } from './examples.js';
import { compactErrorsSchema, detailedProblemSchema, type JsonSchema, pinnedCodeSchema, SCHEMA_NAMES } from './schemas.js';

export { SCHEMA_NAMES } from './schemas.js';


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

/**
 * The name of the schema that pins `code` to one code, under `components.schemas`: the shape's
 * schema name, a dot and the code (`DetailedProblem.not_found`, `CompactErrors.not_found`).
 *
 * @example
 * pinnedSchemaName('not_found', 'compact'); // 'CompactErrors.not_found'
 */
export function pinnedSchemaName(code: string, shape: Shape): string {
  return `${SCHEMA_NAMES[shape]}.${code}`;
}

/** The headers an error may carry for the client, as OpenAPI header objects. */
const HEADERS = {
  Allow: { description: 'The methods the path has (RFC 9110 section 10.2.1); `HEAD` wherever `GET` is.', schema: { type: 'string' }, example: 'GET, HEAD, DELETE' },
  'Retry-After': { description: 'Whole seconds until the client may retry (RFC 9110 section 10.2.3).', schema: { type: 'string', pattern: '^[0-9]+$' }, example: '30' },
  'WWW-Authenticate': { description: 'The authentication challenge (RFC 9110 section 11.6.1).', schema: { type: 'string' }, example: 'Bearer realm="api"' },
} as const;

/**
 * The headers some errors carry, as `components.headers` entries (a fresh copy each call).
 *
 * @example
 * headerComponents()['Retry-After'].schema; // { type: 'string', pattern: '^[0-9]+$' }
 */
export function headerComponents(): Record<string, Record<string, unknown>> {
  return structuredClone(HEADERS) as unknown as Record<string, Record<string, unknown>>;
}

/** Which built-in code carries which header. */
const HEADERS_OF: Readonly<Record<string, keyof typeof HEADERS>> = {
  method_not_allowed: 'Allow',
  too_many_requests: 'Retry-After',
  // `serviceUnavailable({ retryAfter })` sends it (RFC 9110 section 10.2.3 names 503 for it)
  service_unavailable: 'Retry-After',
  unauthorized: 'WWW-Authenticate',
};

/**
 * The headers the responses of these codes carry, as `$ref`s to `components.headers`.
 *
 * @example
 * headersOf(['unauthorized']); // { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } }
 */
export function headersOf(codes: readonly string[]): Record<string, { $ref: string }> | undefined {
  const names = headerNamesOf(codes);
  return names.length === 0 ? undefined : Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/**
 * The names of the headers these codes carry, each once.
 *
 * @example
 * headerNamesOf(['too_many_requests', 'service_unavailable']); // ['Retry-After']
 */
export function headerNamesOf(codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap((code) => HEADERS_OF[code] ?? []))];
}

/**
 * A response's `content` for one shape: the detailed shape as `application/problem+json` and
 * `application/json` (core sends the first only when asked for it), the compact one as JSON.
 *
 * @example
 * contentOf({ $ref: '#/components/schemas/CompactErrors.not_found' }, 'compact');
 * // { 'application/json': { schema: { $ref: '#/components/schemas/CompactErrors.not_found' } } }
 */
export function contentOf(schema: JsonSchema, shape: Shape, example?: Record<string, unknown>): Record<string, unknown> {
  const media = example === undefined ? { schema } : { schema, example };
  return shape === 'detailed' ? { 'application/problem+json': media, 'application/json': media } : { 'application/json': media };
}

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

/**
 * One code's response object in one shape: its title, its headers, and its schema pinning `code`.
 *
 * @example
 * codeResponse(knownCodes(contract).get('not_found')!, 'detailed', exampleRenderer(contract)('not_found', 'detailed')).description; // 'Not Found'
 */
export function codeResponse(known: KnownCode, shape: Shape, example: Record<string, unknown>): Record<string, unknown> {
  const headers = headersOf([known.code]);
  return {
    description: known.title,
    ...(headers === undefined ? {} : { headers }),
    content: contentOf({ $ref: `#/components/schemas/${pinnedSchemaName(known.code, shape)}` }, shape, example),
  };
}

/**
 * The contract's errors as OpenAPI 3.1 components: `DetailedProblem` and `CompactErrors` (JSON
 * Schema 2020-12, `code` an enum of every code the contract knows), one schema per code that pins
 * `code` to it (`DetailedProblem.not_found`), one response per code of the specification and of
 * the catalog, its example rendered by core, and the `Allow`, `Retry-After` and
 * `WWW-Authenticate` headers.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { errorComponents } from '@error-contract/core/openapi';
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
  const pinned: Record<string, JsonSchema> = {};
  for (const known of documentedCodes(contract)) {
    for (const each of shapes) {
      responses[responseName(known.code, each)] = codeResponse(known, each, render(known.code, each));
      pinned[pinnedSchemaName(known.code, each)] = pinnedCodeSchema(known.code, each);
    }
  }
  return {
    components: {
      schemas: { [SCHEMA_NAMES.detailed]: detailedProblemSchema(codes), [SCHEMA_NAMES.compact]: compactErrorsSchema(codes), ...pinned },
      responses,
      headers: headerComponents(),
    },
  };
}
