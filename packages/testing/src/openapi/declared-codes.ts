// The codes a document declares for an operation's error statuses, read from each response's
// schema: a `code` pinned by `const` or a one-member `enum`, one per member of a `oneOf`/`anyOf`.
// A schema that does not pin `code` (an enum of every code, or none) declares any code.
import { type OpenApiDocument, readOpenApi, resolved } from './document.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The codes one `code` schema allows: its `const`, else its `enum`; undefined when it allows any string. */
function codesOfCodeSchema(schema: unknown): string[] | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.const === 'string') return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.every((code) => typeof code === 'string')) return schema.enum as string[];
  return undefined;
}

/** Where a body schema holds `code`: its own member (detailed) or its errors' elements' (compact). */
function codeSchemasOf(doc: OpenApiDocument, schema: Json): unknown[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const items = isObject(properties.errors) ? resolved(doc, properties.errors.items) : undefined;
  const itemCode = isObject(items?.properties) ? items.properties.code : undefined;
  return [properties.code, itemCode].filter((one) => one !== undefined);
}

/** The narrowest list of codes a body schema allows, its `allOf` members included. */
function codesOfBody(doc: OpenApiDocument, raw: unknown, depth = 0): string[] | undefined {
  const schema = resolved(doc, raw);
  if (schema === undefined || depth > 10) return undefined;
  const alternatives = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (alternatives !== undefined) {
    const each = alternatives.map((member) => codesOfBody(doc, member, depth + 1));
    return each.some((codes) => codes === undefined) ? undefined : [...new Set(each.flat() as string[])];
  }
  const candidates = codeSchemasOf(doc, schema).map(codesOfCodeSchema);
  if (Array.isArray(schema.allOf)) for (const member of schema.allOf) candidates.push(codesOfBody(doc, member, depth + 1));
  const known = candidates.filter((codes): codes is string[] => codes !== undefined);
  return known.length === 0 ? undefined : known.reduce((narrowest, codes) => (codes.length < narrowest.length ? codes : narrowest));
}

/**
 * The codes a response object declares (`$ref`s followed), from its first JSON media type's
 * schema; undefined when the schema does not pin `code`, or there is none.
 *
 * @example
 * codesOfResponse(doc, { $ref: '#/components/responses/not_found' }); // ['not_found']
 */
export function codesOfResponse(doc: OpenApiDocument, response: unknown): string[] | undefined {
  const content = resolved(doc, response)?.content;
  if (!isObject(content)) return undefined;
  const media = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
  return isObject(media) ? codesOfBody(doc, media.schema) : undefined;
}

/**
 * The error responses an operation of an OpenAPI document declares, by status (`'404'`, `'4XX'`,
 * `'default'`), each with the codes its schema pins `code` to; `undefined` for a status whose
 * schema allows any code. For a test that holds an API to its document, or compares documents.
 *
 * @example
 * import { declaredErrorCodes } from '@error-contract/testing';
 *
 * const document = await (await fetch('http://127.0.0.1:3000/openapi.json')).json();
 * declaredErrorCodes(document, 'GET', '/api/client/v2/widgets/{id}');
 * // { '400': ['bad_request'], '401': ['unauthorized'], '404': ['not_found'], '406': ['not_acceptable'], '429': ['too_many_requests'], '500': ['internal_server_error'] }
 */
export function declaredErrorCodes(document: object | string, method: string, path: string): Record<string, string[] | undefined> {
  const doc = readOpenApi(typeof document === 'string' ? document : JSON.stringify(document), 'the document');
  const operation = resolved(doc, (doc.raw.paths as Json | undefined)?.[path])?.[method.toLowerCase()];
  if (!isObject(operation)) throw new TypeError(`error-contract: the document has no ${method.toUpperCase()} ${path}.`);
  const responses = isObject(operation.responses) ? operation.responses : {};
  const codes: Record<string, string[] | undefined> = {};
  for (const [status, response] of Object.entries(responses)) {
    if (/^[45]/.test(status) || status === 'default') codes[status] = codesOfResponse(doc, response);
  }
  return codes;
}
