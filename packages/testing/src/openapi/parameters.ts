// Filling an operation's path into a concrete one: each path parameter (and each required query
// parameter) from the document's examples, else a value of its schema's type.
import type { OpenApiDocument } from './document.js';
import type { Operation } from './operations.js';
import { exampleOf, sampleOf } from './sample.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A parameter's example: its own `example`, its first `examples` entry, else its schema's. */
function valueOf(doc: OpenApiDocument, parameter: Json): unknown {
  if ('example' in parameter) return parameter.example;
  if (isObject(parameter.examples)) {
    const first = Object.values(parameter.examples)[0];
    if (isObject(first) && 'value' in first) return first.value;
  }
  if (isObject(parameter.schema)) {
    const own = exampleOf(parameter.schema);
    if (own !== undefined) return own.value;
  }
  // an id is the most common path parameter, and "1" is a valid string and a valid integer
  const sample = sampleOf(doc, parameter.schema ?? { type: 'string' });
  return sample === 'x' ? '1' : sample;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * The operation's URL with its path parameters filled in (percent-encoded) and its required query
 * parameters appended.
 *
 * @example
 * fillPath(doc, operation); // '/api/widgets/1' for '/api/widgets/{id}'
 */
export function fillPath(doc: OpenApiDocument, operation: Pick<Operation, 'url' | 'parameters'>): string {
  const inPath = new Map<string, Json>();
  const query: string[] = [];
  for (const parameter of operation.parameters) {
    if (typeof parameter.name !== 'string') continue;
    if (parameter.in === 'path') inPath.set(parameter.name, parameter);
    else if (parameter.in === 'query' && parameter.required === true) query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(text(valueOf(doc, parameter)))}`);
  }
  const path = operation.url.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = inPath.get(name);
    return encodeURIComponent(text(parameter === undefined ? '1' : valueOf(doc, parameter)));
  });
  return query.length === 0 ? path : `${path}?${query.join('&')}`;
}
