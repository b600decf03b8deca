import type { ApiFieldError } from './api-error-init.js';
import { fromPointer, toPointer } from './pointer.js';
import { isObject, objectMember, pick, snakeCode } from './read.js';

/** One element of a dialect's error list, whatever its members were called. */
export interface Item {
  code: string | undefined;
  /** The element's own text, as it came. */
  text: string | undefined;
  /** Set when the element names a field, by name or by pointer. */
  fieldError: ApiFieldError | undefined;
}

// How core renders a field problem in the compact shape: `${field}: ${detail}`, the field in the
// form formatFieldPath writes: names, dots, `[0]` and `["quoted key"]`, no spaces.
const COMPACT_FIELD = /^((?:[\w$.-]|\[(?:\d+|"(?:[^"\\]|\\.)*")\])+): ([^]+)/;

/**
 * Reads an element of `errors`, `invalid-params`, `violations` or `fieldViolations`: undefined when
 * it has neither a code nor a text. `compact` also reads a field out of a compact message.
 */
export function readItem(entry: unknown, compact: boolean): Item | undefined {
  if (!isObject(entry)) return undefined;
  const source = objectMember(entry, 'source');
  const text = pick(entry, 'detail', 'message', 'description', 'reason', 'title');
  const code = pick(entry, 'code') ?? snakeCode(pick(objectMember(entry, 'extensions'), 'code'));
  if (!code && !text) return undefined;
  // (no text: exec reads "undefined", which has no `: ` and so never matches)
  const lead = compact ? COMPACT_FIELD.exec(text!) : null;
  let field = typeof entry.field === 'string' ? entry.field : (pick(entry, 'name', 'param') ?? lead?.[1]);
  // RFC 9457's own example sends pointers as URI fragments (`#/age`): the `#` goes.
  // Only a pointer is read as one (`/age`, `#/age`); anything else sent there is no location.
  const pointer = /^#?(\/.*)/s.exec(pick(entry, 'pointer') ?? pick(source, 'pointer') ?? '')?.[1] ?? (field && toPointer(field));
  // A query parameter or a header is a field with no place in the body: no pointer.
  field ??= pick(source, 'parameter', 'header') ?? (pointer && fromPointer(pointer));
  return { code, text, fieldError: field === undefined ? undefined : { field, pointer, detail: lead?.[2] ?? text ?? code! } };
}
