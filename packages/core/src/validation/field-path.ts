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

// One segment of the dotted form `formatFieldPath` writes: `.name` (the first without a dot),
// `[0]`, or `["a key"]` quoted as JSON.
const FIELD_SEGMENT = /\.?([A-Za-z_$][\w$-]*)|\[(0|[1-9]\d{0,9})\]|\[("(?:[^"\\]|\\.)*")\]/y;

function toPointer(segments: readonly string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * The JSON Pointer (RFC 6901) of a field in the dotted form: `items[0].name` -> `/items/0/name`,
 * `meta["x.y"]` -> `/meta/x.y`, `''` (the body as a whole) -> `''`. A name in no such form (one
 * a user wrote, `'first name'`) is read as a single member.
 *
 * @example
 * fieldPointer('items[0].name'); // '/items/0/name'
 */
export function fieldPointer(field: string): string {
  if (field === '') return '';
  // the common case, a plain member name, needs no parsing (and no escaping: no `~` or `/` in it)
  if (IDENTIFIER.test(field)) return `/${field}`;
  const segments: string[] = [];
  let at = 0;
  try {
    while (at < field.length) {
      FIELD_SEGMENT.lastIndex = at;
      const match = FIELD_SEGMENT.exec(field);
      if (match === null || (at === 0 && match[0].startsWith('.'))) return toPointer([field]);
      segments.push(match[1] ?? match[2] ?? (JSON.parse(match[3]!) as string));
      at = FIELD_SEGMENT.lastIndex;
    }
  } catch {
    return toPointer([field]);
  }
  return toPointer(segments);
}
