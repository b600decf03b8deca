import { arrayMember, isObject, type Json } from '../read.js';
import type { Reading } from './types.js';

/**
 * A top-level `errors` array and nothing else: our compact `[{ code, message }]`, JSON:API's
 * `[{ status, code, title, detail, source }]` or GraphQL's `[{ message, path, locations,
 * extensions }]` (often beside `data`), told apart by the members of the first element.
 */
export function errorsArray(body: Json): Reading | undefined {
  const errors = arrayMember(body, 'errors');
  if (!errors) return undefined;
  // whole member names, between commas: a compact element may carry others (`details`, `resource`)
  const members = `,${Object.keys(errors.find(isObject) ?? {})},`;
  const dialect = /,(source|title|detail|status),/.test(members) ? 'json-api' : /,(locations|path|extensions),/.test(members) || 'data' in body ? 'graphql' : 'compact';
  return [dialect, {}, errors];
}
