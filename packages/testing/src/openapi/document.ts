// Reading an OpenAPI document: JSON or YAML text in, a checked 3.0 or 3.1 document out, and its
// local `$ref`s followed (`#/components/...`; a reference to another file is not followed).
import { parse as parseYaml } from 'yaml';

type Json = Record<string, unknown>;

/**
 * An OpenAPI 3.0 or 3.1 document as read: its version and the parsed object, untouched.
 *
 * @example
 * const doc: OpenApiDocument = readOpenApi('{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}}', 'openapi.json');
 * doc.version; // '3.1'
 */
export interface OpenApiDocument {
  /** `'3.0'` or `'3.1'`: 3.1 schemas are JSON Schema 2020-12, 3.0 schemas an extended subset of draft 4. */
  version: '3.0' | '3.1';
  /** The `openapi` member as written, e.g. `'3.1.0'`. */
  openapi: string;
  /** Where it was read from (a URL or a file path), for messages and for relative `servers`. */
  source: string;
  raw: Json;
}

/**
 * A document that cannot be read as OpenAPI 3.0 or 3.1; the sentence says why.
 *
 * @example
 * try { readOpenApi(text, source); } catch (error) { if (error instanceof OpenApiError) console.error(error.message); }
 */
export class OpenApiError extends Error {
  override name = 'OpenApiError';
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseText(text: string, source: string): unknown {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new OpenApiError(`${source} is not valid JSON: ${(error as Error).message}`);
    }
  }
  try {
    // YAML 1.2 is a superset of JSON: one parser for everything else
    return parseYaml(text, { prettyErrors: false }) as unknown;
  } catch (error) {
    throw new OpenApiError(`${source} is neither JSON nor YAML: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * Reads an OpenAPI document from its text (JSON or YAML). Throws an {@link OpenApiError} for
 * text that is neither, for Swagger 2.0, and for a document that is no OpenAPI 3.0 or 3.1.
 *
 * @example
 * const doc = readOpenApi(await readFile('openapi.yaml', 'utf8'), 'openapi.yaml');
 */
export function readOpenApi(text: string, source: string): OpenApiDocument {
  const raw = parseText(text, source);
  if (!isObject(raw)) throw new OpenApiError(`${source} is no OpenAPI document (not an object)`);
  if (typeof raw.swagger === 'string') throw new OpenApiError(`${source} is Swagger ${raw.swagger}: only OpenAPI 3.0 and 3.1 are read (convert it, e.g. with swagger2openapi)`);
  const openapi = raw.openapi;
  if (typeof openapi !== 'string') throw new OpenApiError(`${source} is no OpenAPI document (no "openapi" member)`);
  const version = /^3\.0(\.|$)/.test(openapi) ? '3.0' : /^3\.1(\.|$)/.test(openapi) ? '3.1' : undefined;
  if (version === undefined) throw new OpenApiError(`${source} is OpenAPI ${openapi}: only 3.0 and 3.1 are read`);
  if (!isObject(raw.paths)) throw new OpenApiError(`${source} has no "paths"`);
  return { version, openapi, source, raw };
}

/** `~1` and `~0` undone (RFC 6901). */
function unescapePointer(part: string): string {
  return decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * `/` and `~` escaped (RFC 6901), for a JSON pointer's segment.
 *
 * @example
 * `#/paths/${escapePointer('/widgets/{id}')}`; // '#/paths/~1widgets~1{id}'
 */
export function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The value at a local JSON pointer (`#/components/schemas/Widget`), or undefined.
 *
 * @example
 * atPointer(doc, '#/components/schemas/Widget'); // { type: 'object', ... }
 */
export function atPointer(doc: OpenApiDocument, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  let value: unknown = doc.raw;
  for (const part of pointer.slice(1).split('/').slice(1)) {
    if (!isObject(value) && !Array.isArray(value)) return undefined;
    value = (value as Json)[unescapePointer(part)];
  }
  return value;
}

/**
 * Follows `$ref`s until a value that is none (at most 20 steps; a cycle or a reference to another
 * file gives undefined), and says where it ended.
 *
 * @example
 * const { value, pointer } = resolveRef(doc, { $ref: '#/components/responses/not_found' });
 */
export function resolveRef(doc: OpenApiDocument, value: unknown, pointer = ''): { value: unknown; pointer: string } {
  let current = value;
  let at = pointer;
  for (let step = 0; step < 20; step++) {
    if (!isObject(current) || typeof current.$ref !== 'string') return { value: current, pointer: at };
    at = current.$ref;
    current = atPointer(doc, at);
  }
  return { value: undefined, pointer: at };
}

/**
 * `resolveRef`'s value when it is an object, else undefined.
 *
 * @example
 * const response = resolved(doc, operation.responses['404']); // the `#/components/responses/...` it points at
 */
export function resolved(doc: OpenApiDocument, value: unknown): Json | undefined {
  const { value: found } = resolveRef(doc, value);
  return isObject(found) ? found : undefined;
}
