import { describe, read } from '../base/safe-read.js';

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

function escapeSegment(segment: string): string {
  return segment.includes('~') || segment.includes('/') ? segment.replace(/~/g, '~0').replace(/\//g, '~1') : segment;
}

/** A name in no dotted form: one member. */
function wholeName(field: string): string {
  return `/${escapeSegment(field)}`;
}

/**
 * The JSON Pointer (RFC 6901) of a field in the dotted form: `items[0].name` -> `/items/0/name`,
 * `meta["x.y"]` -> `/meta/x.y`, `''` (the body as a whole) -> `''`. A name in no such form (one
 * a user wrote, `'first name'`) is read as a single member. A scanner, not a regular expression:
 * it runs for every field error of every detailed validation failure.
 *
 * @example
 * fieldPointer('items[0].name'); // '/items/0/name'
 */
export function fieldPointer(field: string): string {
  if (field === '') return '';
  // the common case, a plain member name, needs no parsing (and no escaping: no `~` or `/` in it)
  if (IDENTIFIER.test(field)) return `/${field}`;
  let pointer = '';
  let at = 0;
  while (at < field.length) {
    if (field.charCodeAt(at) === 0x5b /* [ */) {
      if (field.charCodeAt(at + 1) === 0x22 /* " */) {
        // `["a key"]`: a JSON string up to its closing quote, then `]`
        let end = at + 2;
        while (end < field.length && field.charCodeAt(end) !== 0x22) end += field.charCodeAt(end) === 0x5c /* \ */ ? 2 : 1;
        if (field.charCodeAt(end + 1) !== 0x5d /* ] */) return wholeName(field);
        let key: unknown;
        try {
          key = JSON.parse(field.slice(at + 1, end + 1));
        } catch {
          return wholeName(field);
        }
        pointer += `/${escapeSegment(key as string)}`;
        at = end + 2;
      } else {
        const close = field.indexOf(']', at);
        const index = close === -1 ? '' : field.slice(at + 1, close);
        if (!INDEX.test(index)) return wholeName(field);
        pointer += `/${index}`;
        at = close + 1;
      }
    } else {
      // `name` first, `.name` after
      const dotted = field.charCodeAt(at) === 0x2e; /* . */
      if (dotted && at === 0) return wholeName(field);
      const start = dotted ? at + 1 : at;
      let end = start;
      while (end < field.length && field.charCodeAt(end) !== 0x2e && field.charCodeAt(end) !== 0x5b) end++;
      const key = field.slice(start, end);
      if (!IDENTIFIER.test(key)) return wholeName(field);
      pointer += `/${key}`;
      at = end;
    }
  }
  return pointer;
}
