import { describe, read } from '../safe-read.js';

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;
const INDEX = /^(?:0|[1-9]\d{0,9})$/;
const MAX_FIELD_LENGTH = 200;

/** One path segment as validators give it: a key, an index, or Standard Schema's `{ key }`. */
function segmentKey(segment: unknown): string | number | undefined {
  if (typeof segment === 'number' && Number.isInteger(segment) && segment >= 0) return segment;
  if (typeof segment === 'string') return segment;
  if (typeof segment === 'symbol') return describe(segment);
  if (segment !== null && typeof segment === 'object') return segmentKey(read(segment, 'key'));
  return undefined;
}

/**
 * Joins path segments into the dotted form clients read: `['items', 0, 'name']` -> `items[0].name`.
 * A key that is not an identifier is quoted: `meta["x.y"]`.
 */
export function formatFieldPath(segments: readonly unknown[]): string {
  let path = '';
  for (const segment of segments) {
    const key = segmentKey(segment);
    if (key === undefined) continue;
    if (typeof key === 'number' || INDEX.test(key)) path += `[${key}]`;
    else if (IDENTIFIER.test(key)) path += path === '' ? key : `.${key}`;
    else path += `[${JSON.stringify(key)}]`;
  }
  return path.length > MAX_FIELD_LENGTH ? `${path.slice(0, MAX_FIELD_LENGTH)}…` : path;
}

/** A JSON Pointer (RFC 6901), as ajv's `instancePath` is, split into unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}
