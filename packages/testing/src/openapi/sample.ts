// A value that fits a schema, for path parameters and request bodies: the schema's own example
// first (`example`, `examples`, `default`, `const`, `enum`), else one built from its type and
// bounds. Good enough for the probes, which need a request the API routes, not a clever one.
import { type OpenApiDocument, resolved } from './document.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const FORMATS: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000001',
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00Z',
  email: 'probe@example.com',
  uri: 'https://example.com/',
  'uri-reference': '/',
  url: 'https://example.com/',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  byte: 'AA==',
};

/**
 * The schema's own example, when it has one: `example`, `examples[0]`, `default`, `const`, `enum[0]`.
 *
 * @example
 * exampleOf({ type: 'string', enum: ['a', 'b'] }); // { value: 'a' }
 */
export function exampleOf(schema: Json): { value: unknown } | undefined {
  if ('example' in schema) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if ('default' in schema) return { value: schema.default };
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}

/** `type` as one name: the first that is not `null` (3.1 writes `type: [string, 'null']`). */
function typeOf(schema: Json): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') as string | undefined;
  if (isObject(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (isObject(schema.items)) return 'array';
  return undefined;
}

function stringOf(schema: Json): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format !== undefined) return format;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(min, 1);
  return 'x'.repeat(Math.min(Math.max(min, 1), max));
}

function numberOf(schema: Json, integer: boolean): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
  const high = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : Math.max(low, 1);
  const value = Math.min(Math.max(low, 1), high);
  return integer ? Math.ceil(value) : value;
}

/** The schemas of `allOf` folded into one object schema (properties and required joined). */
function foldAllOf(doc: OpenApiDocument, schema: Json, depth: number): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const folded: Json = { ...schema, allOf: undefined };
  const properties: Json = { ...(isObject(schema.properties) ? schema.properties : {}) };
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const part of schema.allOf) {
    const member = resolved(doc, part);
    if (member === undefined || depth > 8) continue;
    const inner = foldAllOf(doc, member, depth + 1);
    Object.assign(properties, isObject(inner.properties) ? inner.properties : {});
    for (const name of Array.isArray(inner.required) ? (inner.required as string[]) : []) required.add(name);
    if (folded.type === undefined && inner.type !== undefined) folded.type = inner.type;
  }
  return { ...folded, properties, required: [...required] };
}

/**
 * An object schema's properties and required names, `$ref`s and `allOf` followed; undefined when
 * the schema is no object schema.
 *
 * @example
 * objectSchemaOf(doc, { $ref: '#/components/schemas/WidgetInput' }); // { properties: { name, price }, required: ['name'] }
 */
export function objectSchemaOf(doc: OpenApiDocument, schema: unknown): { properties: Json; required: string[] } | undefined {
  const found = resolved(doc, schema);
  if (found === undefined) return undefined;
  const folded = foldAllOf(doc, found, 0);
  if (typeOf(folded) !== 'object') return undefined;
  return { properties: isObject(folded.properties) ? folded.properties : {}, required: Array.isArray(folded.required) ? (folded.required as unknown[]).filter((name): name is string => typeof name === 'string') : [] };
}

/**
 * A value for a schema: its example when it has one, else one of its type within its bounds; an
 * object holds its required properties only.
 *
 * @example
 * sampleOf(doc, { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 3 } } }); // { name: 'xxx' }
 */
export function sampleOf(doc: OpenApiDocument, schema: unknown, depth = 0): unknown {
  const found = resolved(doc, schema);
  if (found === undefined || depth > 8) return null;
  const example = exampleOf(found);
  if (example !== undefined) return example.value;
  const folded = foldAllOf(doc, found, depth);
  for (const choice of ['oneOf', 'anyOf'] as const) {
    const options = folded[choice];
    if (Array.isArray(options) && options.length > 0 && folded.type === undefined) return sampleOf(doc, options[0], depth + 1);
  }
  switch (typeOf(folded)) {
    case 'string':
      return stringOf(folded);
    case 'integer':
      return numberOf(folded, true);
    case 'number':
      return numberOf(folded, false);
    case 'boolean':
      return true;
    case 'array': {
      const count = typeof folded.minItems === 'number' ? folded.minItems : 0;
      return Array.from({ length: count }, () => sampleOf(doc, folded.items, depth + 1));
    }
    case 'object': {
      const object = objectSchemaOf(doc, folded)!;
      return Object.fromEntries(object.required.map((name) => [name, sampleOf(doc, object.properties[name], depth + 1)]));
    }
    case 'null':
      return null;
    default:
      return 'x';
  }
}
