// Adds the contract's error responses to every operation of an existing OpenAPI 3.x document:
// per operation, exactly the codes it declares (`x-error-codes`) and those the contract answers
// for it, each status with a schema that pins `code`.
import type { ErrorContract } from '../contract/contract.js';
import { reasonPhrase } from '../base/statuses.js';
import { pathOfTarget } from '../request/path.js';
import type { Shape } from '../types.js';
import { knownCodes } from './codes.js';
import { codeResponse, contentOf, headerComponents, headersOf, pinnedSchemaName, responseName } from './components.js';
import { exampleRenderer } from './examples.js';
import { listedCodes } from './listed-codes.js';
import { type ContractAnswers, ERROR_CODES_EXTENSION, operationErrorCodes } from './operation-codes.js';
import { shapeAt } from './probe.js';
import { compactErrorsSchema, detailedProblemSchema, type JsonSchema, pinnedCodeSchema, SCHEMA_NAMES } from './schemas.js';

/**
 * Options of {@link withErrorResponses}: what the service answers besides its operations' own
 * codes, and the body shape.
 *
 * @example
 * const options: ErrorResponsesOptions = { rateLimited: true, bodyReaderResponses: true };
 */
export interface ErrorResponsesOptions extends ContractAnswers {
  /** The body shape of every operation; `'auto'` (default) asks the contract, path by path. */
  shape?: Shape | 'auto';
}

/**
 * A loosely typed OpenAPI 3.0 or 3.1 document: whatever generated it, only its shape matters here.
 *
 * @example
 * const document: OpenApiDocument = { openapi: '3.1.0', info: { title: 'Widgets', version: '1' }, paths: {} };
 */
export type OpenApiDocument = Record<string, any>;

/**
 * The document extension that holds the answers to requests that match no operation: 404 for a
 * path the document does not have, 405 (with `Allow`) for a method its path does not have. They
 * belong to no operation, so no operation lists them (unless it declares `not_found` itself).
 *
 * @example
 * withErrorResponses(document, contract)[UNMATCHED_EXTENSION]['405'].headers; // { Allow: { $ref: '#/components/headers/Allow' } }
 */
export const UNMATCHED_EXTENSION = 'x-unmatched-responses';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `security: [{ bearer: [] }]` requires credentials; `[]` and `[{}]` do not (OpenAPI 3.1 section 4.8.10). */
function requiresCredentials(security: unknown): boolean {
  return Array.isArray(security) && security.length > 0 && security.every((requirement) => requirement !== null && typeof requirement === 'object' && Object.keys(requirement).length > 0);
}

/** The path part of the first server's URL (`https://api.example.com/v2` -> `/v2`), where the paths are mounted. */
function serverPrefix(document: OpenApiDocument): string {
  const url = document.servers?.[0]?.url;
  if (typeof url !== 'string') return '';
  return pathOfTarget(url).replace(/\/+$/, '');
}

/**
 * The codes an operation names in `x-error-codes`, else those its own listed error responses pin
 * (a route's response schemas, as @fastify/swagger keeps them); undefined when it states none.
 */
function declaredCodes(operation: OpenApiDocument, label: string): string[] | undefined {
  const declared: unknown = operation[ERROR_CODES_EXTENSION];
  if (declared === undefined) return listedCodes(operation);
  if (!Array.isArray(declared) || declared.some((code) => typeof code !== 'string')) throw new TypeError(`error-contract: \`${ERROR_CODES_EXTENSION}\` of ${label} must be an array of codes, e.g. ['not_found'].`);
  return declared as string[];
}

/**
 * A copy of an OpenAPI 3.x document with the contract's error responses on every operation. An
 * operation that names its own codes in `x-error-codes` (or lists error responses whose schemas
 * pin `code`, as Fastify's `errorResponses` writes them) lists exactly what it answers: those
 * codes, and what the contract answers for it (400 where a body is read or a malformed path is
 * refused, 401 where `security` applies, 406 when the contract refuses by Accept, 413 and 415
 * with `bodyReaderResponses`, 429 with `rateLimited`, 500 always). One that names none lists
 * every code it may answer, 403, 404 and 405 too. Each status is one response whose schema pins
 * `code` (a `const`, or a `oneOf` of one schema per code), in the shape the contract answers that
 * path with, with the headers it sends (`WWW-Authenticate`, `Retry-After`, `Allow`). The answers
 * to requests that match no operation (404, 405) are the document's `x-unmatched-responses`.
 * A response the document already declares for a status is never replaced, nor is a component
 * of the same name.
 *
 * @example
 * import { withErrorResponses } from '@error-contract/core/openapi';
 *
 * const document = withErrorResponses({
 *   openapi: '3.1.0',
 *   info: { title: 'Widgets', version: '1' },
 *   paths: { '/widgets/{id}': { get: { 'x-error-codes': ['not_found'], responses: { '200': { description: 'The widget' } } } } },
 * }, contract, { rateLimited: true });
 * document.paths['/widgets/{id}'].get.responses['404']; // { $ref: '#/components/responses/not_found' }
 */
export function withErrorResponses<Document extends OpenApiDocument>(document: Document, contract: ErrorContract, options: ErrorResponsesOptions = {}): { [Key in keyof Document]: any } & OpenApiDocument {
  // plain JavaScript may pass null where the options are optional
  options ??= {};
  const { shape = 'auto', validatedBodies = 'auto', ...answers } = options;
  if (!['auto', 'all', 'none'].includes(validatedBodies)) throw new TypeError("error-contract: `validatedBodies` must be 'auto', 'all' or 'none'.");
  if (!['auto', 'detailed', 'compact'].includes(shape)) throw new TypeError("error-contract: `shape` must be 'auto', 'detailed' or 'compact'.");
  // the document's own members back, each loosely typed (the responses added are in no generator's
  // type): still assignable where the original type is needed (@nestjs/swagger's OpenAPIObject)
  const copy: OpenApiDocument = structuredClone(document);
  const prefix = serverPrefix(copy);
  const known = knownCodes(contract);
  const render = exampleRenderer(contract);
  const responses: Record<string, Record<string, unknown>> = {};
  const pinned: Record<string, JsonSchema> = {};
  const shapes = new Set<Shape>();
  const dialect = typeof copy.openapi === 'string' && copy.openapi.startsWith('3.0') ? '3.0' : '3.1';

  const pin = (code: string, each: Shape) => {
    pinned[pinnedSchemaName(code, each)] ??= pinnedCodeSchema(code, each, dialect);
    return { $ref: `#/components/schemas/${pinnedSchemaName(code, each)}` };
  };
  /** The response of one status: a code's own component, or one for several codes. */
  const responseFor = (status: number, codes: string[], each: Shape): string => {
    shapes.add(each);
    if (codes.length === 1) {
      const name = responseName(codes[0]!, each);
      pin(codes[0]!, each);
      responses[name] ??= codeResponse(known.get(codes[0]!)!, each, render(codes[0]!, each));
      return name;
    }
    const name = responseName(codes.join('-or-'), each);
    const headers = headersOf(codes);
    responses[name] ??= {
      description: `${reasonPhrase(status)}: ${codes.map((code) => `\`${code}\``).join(' or ')}`,
      ...(headers === undefined ? {} : { headers }),
      content: contentOf({ oneOf: codes.map((code) => pin(code, each)) }, each),
    };
    return name;
  };

  for (const [path, item] of Object.entries<OpenApiDocument>(copy.paths ?? {})) {
    if (item === null || typeof item !== 'object') continue;
    // a template's parameters become a plain segment: the contract chooses its shape by path
    const concrete = `${prefix}${path.replace(/\{[^}]*\}/g, 'x')}`;
    const pathShape = shape === 'auto' ? shapeAt(contract, concrete) : shape;
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === null || typeof operation !== 'object') continue;
      const label = `${method.toUpperCase()} ${path}`;
      const secured = operation.security !== undefined ? requiresCredentials(operation.security) : requiresCredentials(copy.security);
      const facts = { method, secured, hasBody: operation.requestBody !== undefined, declared: declaredCodes(operation, label) };
      let codes: Map<number, string[]>;
      try {
        codes = operationErrorCodes(contract, facts, { ...answers, validatedBodies });
      } catch (error) {
        throw new TypeError((error as Error).message.replace(`${method.toUpperCase()} declares`, `${label} declares`));
      }
      operation.responses ??= {};
      for (const [status, list] of codes) {
        // what the document says for a status is the author's decision: kept as it is
        if (operation.responses[status] !== undefined) continue;
        operation.responses[status] = { $ref: `#/components/responses/${responseFor(status, list, pathShape)}` };
      }
    }
  }

  // the answers to requests that match no operation, in every shape the paths answer in
  if (shapes.size === 0) shapes.add(shape === 'auto' ? shapeAt(contract, `${prefix}/`) : shape);
  const unmatched: Record<string, unknown> = {};
  for (const code of ['not_found', 'method_not_allowed']) {
    const entry = known.get(code);
    if (entry === undefined) continue;
    const each = [...shapes];
    const headers = headersOf([entry.code]);
    const schemas = each.map((one) => pin(entry.code, one));
    const media = { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } };
    unmatched[String(entry.status)] = {
      description: `${entry.title}: a request that matches no operation (an unknown path, or a method its path does not have)`,
      ...(headers === undefined ? {} : { headers }),
      content: { ...(shapes.has('detailed') ? { 'application/problem+json': media } : {}), 'application/json': media },
    };
  }
  copy[UNMATCHED_EXTENSION] ??= unmatched;

  copy.components ??= {};
  const into = (section: 'schemas' | 'responses' | 'headers', entries: Record<string, unknown>) => {
    copy.components[section] ??= {};
    for (const [name, value] of Object.entries(entries)) copy.components[section][name] ??= value;
  };
  const codes = [...known.keys()];
  into('schemas', { [SCHEMA_NAMES.detailed]: detailedProblemSchema(codes), [SCHEMA_NAMES.compact]: compactErrorsSchema(codes), ...pinned });
  into('headers', headerComponents());
  // also the responses the document itself refers to by our names (`payload_too_large` on an upload)
  for (const [, name] of JSON.stringify(copy).matchAll(/"#\/components\/responses\/([^"]+)"/g)) {
    if (responses[name!] !== undefined || copy.components.responses?.[name!] !== undefined) continue;
    const [code, compact] = name!.split('.');
    const entry = known.get(code!);
    if (entry === undefined || (compact !== undefined && compact !== 'compact')) continue;
    const each: Shape = compact === undefined ? 'detailed' : 'compact';
    pin(entry.code, each);
    responses[name!] = codeResponse(entry, each, render(entry.code, each));
  }
  into('schemas', pinned);
  into('responses', responses);
  return copy as { [Key in keyof Document]: any } & OpenApiDocument;
}
