// Adds the contract's error responses to every operation of an existing OpenAPI 3.x document.
import { type ErrorContract, settingsOf } from '../contract/contract.js';
import { mappedAnswers } from '../mapping/map-option.js';
import { pathOfTarget } from '../request/path.js';
import type { Shape } from '../types.js';
import { errorComponents, responseName } from './components.js';
import { type KnownCode, knownCodes } from './codes.js';
import { acceptPolicyOf, shapeAt } from './probe.js';

/**
 * Options of {@link withErrorResponses}.
 *
 * @example
 * const options: ErrorResponsesOptions = { rateLimited: true, validatedBodies: 'all' };
 */
export interface ErrorResponsesOptions {
  /**
   * Where a 400 is listed: `'auto'` (default) on operations with a `requestBody`, as
   * `validation_failed` (its schema's `code` also admits `bad_request`); `'all'` on every
   * operation (query validation too); `'none'` nowhere.
   */
  validatedBodies?: 'auto' | 'all' | 'none';
  /** 401 `unauthorized` and 403 `forbidden` where the operation or the document declares `security`. Default true. */
  securityResponses?: boolean;
  /** 429 `too_many_requests` on every operation (the service has a rate limiter). Default false. */
  rateLimited?: boolean;
  /**
   * 413 `payload_too_large` and 415 `unsupported_media_type` on operations with a `requestBody`:
   * the service's body reader has a size limit and reads only JSON. Default false (a document made
   * by a tool that cannot refer to a shared response, such as @nestjs/swagger, gets them here).
   */
  bodyReaderResponses?: boolean;
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

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const WRITE_METHODS: ReadonlySet<string> = new Set(['put', 'post', 'delete', 'patch']);

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
 * The codes an operation may answer with, by status, as the options and the contract say. A code
 * the contract sends under another status (its `statuses` leave the code's own out) is left out:
 * what it sends then is the 400 or 500 listed for that.
 */
function codesFor(method: string, operation: OpenApiDocument, document: OpenApiDocument, contract: ErrorContract, known: Map<string, KnownCode>, options: Required<Omit<ErrorResponsesOptions, 'shape'>>): Map<string, string> {
  const codes = new Map<string, string>();
  const add = (status: number, code: string) => {
    if (known.get(code)?.status === status) codes.set(String(status), code);
  };
  const bodyCheck = options.validatedBodies === 'all' || (options.validatedBodies === 'auto' && operation.requestBody !== undefined);
  // 400, or 422 when the contract chose `validationStatus: 422`
  if (bodyCheck) add(known.get('validation_failed')!.status, 'validation_failed');
  const secured = operation.security !== undefined ? requiresCredentials(operation.security) : requiresCredentials(document.security);
  if (options.securityResponses && secured) {
    add(401, 'unauthorized');
    add(403, 'forbidden');
  }
  add(404, 'not_found');
  add(405, 'method_not_allowed');
  if (acceptPolicyOf(contract) !== 'any') add(406, 'not_acceptable');
  if (options.bodyReaderResponses && operation.requestBody !== undefined) {
    add(413, 'payload_too_large');
    add(415, 'unsupported_media_type');
  }
  if (options.rateLimited) add(429, 'too_many_requests');
  // what the `map` option's mappers can answer with (409 on writes, 503 everywhere, ...); a
  // status already listed keeps its code
  const writes = WRITE_METHODS.has(method);
  for (const answer of mappedAnswers(settingsOf(contract).map)) {
    if (codes.has(String(answer.status))) continue;
    if (answer.on === 'all' || (answer.on === 'writes' && writes) || (answer.on === 'secured' && secured)) add(answer.status, answer.code);
  }
  add(500, 'internal_server_error');
  return codes;
}

/**
 * A copy of an OpenAPI 3.x document with the contract's error responses on every operation:
 * 404, 405 and 500 everywhere, 406 when the contract refuses by Accept, 400 where a body is
 * validated, 401 and 403 where `security` applies, 429 when rate limited, 413 and 415 where a
 * body is read (`bodyReaderResponses`); each a `$ref` to
 * {@link errorComponents}' responses, in the shape the contract answers that path with. A
 * response the document already declares for a status is never replaced, nor is a component of
 * the same name. A `$ref` the document makes to one of these responses by name (e.g.
 * `#/components/responses/payload_too_large` on an upload) gets its component too.
 *
 * @example
 * import { withErrorResponses } from '@error-contract/core';
 *
 * const document = withErrorResponses(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Widgets', version: '1' } }), contract, { rateLimited: true });
 * document.paths['/widgets'].get.responses['404']; // { $ref: '#/components/responses/not_found' }
 */
export function withErrorResponses<Document extends OpenApiDocument>(document: Document, contract: ErrorContract, options: ErrorResponsesOptions = {}): { [Key in keyof Document]: any } {
  // plain JavaScript may pass null where the options are optional
  options ??= {};
  const { validatedBodies = 'auto', securityResponses = true, rateLimited = false, bodyReaderResponses = false, shape = 'auto' } = options;
  if (!['auto', 'all', 'none'].includes(validatedBodies)) throw new TypeError("error-contract: `validatedBodies` must be 'auto', 'all' or 'none'.");
  if (!['auto', 'detailed', 'compact'].includes(shape)) throw new TypeError("error-contract: `shape` must be 'auto', 'detailed' or 'compact'.");
  // the document's own members back, each loosely typed (the responses added are in no generator's
  // type): still assignable where the original type is needed (@nestjs/swagger's OpenAPIObject)
  const copy: OpenApiDocument = structuredClone(document);
  const prefix = serverPrefix(copy);
  const { components } = errorComponents(contract, { shape: 'both' });
  const used = new Set<string>();
  const known = knownCodes(contract);

  for (const [path, item] of Object.entries<OpenApiDocument>(copy.paths ?? {})) {
    if (item === null || typeof item !== 'object') continue;
    // a template's parameters become a plain segment: the contract chooses its shape by path
    const concrete = `${prefix}${path.replace(/\{[^}]*\}/g, 'x')}`;
    const pathShape = shape === 'auto' ? shapeAt(contract, concrete) : shape;
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === null || typeof operation !== 'object') continue;
      operation.responses ??= {};
      for (const [status, code] of codesFor(method, operation, copy, contract, known, { validatedBodies, securityResponses, rateLimited, bodyReaderResponses })) {
        // what the document says for a status is the author's decision: kept as it is
        if (operation.responses[status] !== undefined) continue;
        const name = responseName(code, pathShape);
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
        used.add(name);
      }
    }
  }

  copy.components ??= {};
  const into = (section: 'schemas' | 'responses' | 'headers', entries: Record<string, unknown>) => {
    copy.components[section] ??= {};
    for (const [name, value] of Object.entries(entries)) copy.components[section][name] ??= value;
  };
  into('schemas', components.schemas);
  into('headers', components.headers);
  // also the responses the document itself refers to by our names (`payload_too_large` on an upload)
  for (const [, name] of JSON.stringify(copy).matchAll(/"#\/components\/responses\/([^"]+)"/g)) used.add(name!);
  into('responses', Object.fromEntries(Object.entries(components.responses).filter(([name]) => used.has(name))));
  return copy as { [Key in keyof Document]: any };
}
