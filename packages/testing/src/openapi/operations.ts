// The operations of a document, one per path and method, with what the probes need of each: its
// parameters (path-level and its own), its request body, its security and its responses.
import { escapePointer, type OpenApiDocument, resolved } from './document.js';

type Json = Record<string, unknown>;

/**
 * The methods an OpenAPI path item can hold, in the order the spec lists them.
 *
 * @example
 * OPERATION_METHODS.filter((method) => method in pathItem); // ['get', 'post']
 */
export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * One operation of the document.
 *
 * @example
 * const [first]: Operation[] = listOperations(doc, '/api');
 * `${first.method} ${first.url}`; // 'GET /api/widgets'
 */
export interface Operation {
  /** Upper-case, e.g. `'GET'`. */
  method: string;
  /** The path as the document writes it, e.g. `'/widgets/{id}'`. */
  path: string;
  /** The path from the origin: the server's prefix and `path`, e.g. `'/api/widgets/{id}'`. */
  url: string;
  operationId?: string;
  /** Where the operation is in the document, e.g. `'#/paths/~1widgets~1{id}/get'`. */
  pointer: string;
  /** Its parameters, `$ref`s followed; its own replace the path item's of the same name and place. */
  parameters: Json[];
  /** Its request body, `$ref` followed. */
  requestBody?: Json;
  /** Its responses as written (`$ref`s not followed), keyed by status, `4XX` or `default`. */
  responses: Json;
  /** The security requirements in force: its own `security`, else the document's; `[]` for none. */
  security: Json[];
  /** Every method the document lists for this path, upper-case. */
  pathMethods: string[];
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function parametersOf(doc: OpenApiDocument, list: unknown): Json[] {
  return Array.isArray(list) ? list.map((parameter) => resolved(doc, parameter)).filter((parameter): parameter is Json => parameter !== undefined) : [];
}

function merged(pathLevel: Json[], own: Json[]): Json[] {
  const key = (parameter: Json) => `${String(parameter.in)}:${String(parameter.name)}`;
  const owned = new Set(own.map(key));
  return [...pathLevel.filter((parameter) => !owned.has(key(parameter))), ...own];
}

/**
 * Lists every operation, in the document's order, with `prefix` (the server's path, see
 * `serverPrefix`) before each path.
 *
 * @example
 * listOperations(doc, '').map((operation) => `${operation.method} ${operation.url}`);
 * // ['GET /widgets', 'POST /widgets', 'GET /widgets/{id}', 'DELETE /widgets/{id}']
 */
export function listOperations(doc: OpenApiDocument, prefix: string): Operation[] {
  const operations: Operation[] = [];
  const paths = doc.raw.paths as Json;
  const documentSecurity = Array.isArray(doc.raw.security) ? (doc.raw.security as Json[]) : [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolved(doc, rawItem);
    if (item === undefined || !path.startsWith('/')) continue;
    const methods = OPERATION_METHODS.filter((method) => isObject(item[method]));
    const pathMethods = methods.map((method) => method.toUpperCase());
    const pathParameters = parametersOf(doc, item.parameters);
    for (const method of methods) {
      const operation = item[method] as Json;
      const requestBody = resolved(doc, operation.requestBody);
      operations.push({
        method: method.toUpperCase(),
        path,
        url: `${prefix}${path}`,
        ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId } : {}),
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        parameters: merged(pathParameters, parametersOf(doc, operation.parameters)),
        ...(requestBody === undefined ? {} : { requestBody }),
        responses: isObject(operation.responses) ? operation.responses : {},
        security: Array.isArray(operation.security) ? (operation.security as Json[]) : documentSecurity,
        pathMethods,
      });
    }
  }
  return operations;
}

/**
 * The operation's JSON request body: the media type (`application/json`, or any `+json` one) and
 * its media type object; undefined when it takes no JSON.
 *
 * @example
 * const json = jsonBodyOf(operation); // { mediaType: 'application/json', media: { schema: {...} }, required: true }
 */
export function jsonBodyOf(operation: Operation): { mediaType: string; media: Json; required: boolean; otherTypes: string[] } | undefined {
  const content = operation.requestBody?.content;
  if (!isObject(content)) return undefined;
  const types = Object.keys(content);
  const mediaType = types.find((type) => /^application\/json\s*(;|$)/i.test(type)) ?? types.find((type) => /^application\/[^;]*\+json\s*(;|$)/i.test(type));
  if (mediaType === undefined || !isObject(content[mediaType])) return undefined;
  return { mediaType, media: content[mediaType] as Json, required: operation.requestBody?.required === true, otherTypes: types.filter((type) => type !== mediaType) };
}

/**
 * Whether the requirements in force need credentials (an empty requirement `{}` makes them optional).
 *
 * @example
 * listOperations(doc, '').filter(isSecured); // the operations probed without credentials for a 401
 */
export function isSecured(operation: Operation): boolean {
  return operation.security.length > 0 && operation.security.every((requirement) => isObject(requirement) && Object.keys(requirement).length > 0);
}

/**
 * The header names (lower-case) that carry an operation's credentials, read from the security
 * schemes it uses: `authorization` for http and OAuth schemes, an apiKey's own header, `cookie`
 * for a cookie key. A key in the query is no header: none for it.
 *
 * @example
 * credentialHeaders(doc, operation); // ['authorization']
 */
export function credentialHeaders(doc: OpenApiDocument, operation: Operation): string[] {
  const schemes = resolved(doc, (doc.raw.components as Json | undefined)?.securitySchemes) ?? {};
  const names = new Set<string>();
  for (const requirement of operation.security) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement)) {
      const scheme = resolved(doc, schemes[name]);
      if (scheme === undefined) continue;
      if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') names.add(scheme.name.toLowerCase());
      else if (scheme.type === 'apiKey' && scheme.in === 'cookie') names.add('cookie');
      else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') names.add('authorization');
    }
  }
  return [...names];
}
