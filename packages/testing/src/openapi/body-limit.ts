// What a document says about an operation's request body beyond its schema: the body limit
// (`x-body-limit`, an extension: OpenAPI has no field for it) and whether the operation answers
// 413 or 415 at all.
import { parseBytes } from '../bytes.js';
import type { OpenApiDocument } from './document.js';
import type { Operation } from './operations.js';

function bytesOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined;
  return typeof value === 'string' ? parseBytes(value) : undefined;
}

/**
 * The body limit the document states: `x-body-limit` on the operation's `requestBody`, else at
 * the document's root; bytes (`102400`) or a size (`'100kb'`). Undefined when it states none.
 *
 * @example
 * documentedBodyLimit(doc, operation); // 102400, from requestBody: { 'x-body-limit': '100kb', content: {...} }
 */
export function documentedBodyLimit(doc: OpenApiDocument, operation: Operation): number | undefined {
  return bytesOf(operation.requestBody?.['x-body-limit']) ?? bytesOf(doc.raw['x-body-limit']);
}

/**
 * Whether the operation declares a response of exactly `status` (a `4XX` or `default` says
 * nothing about a body limit or the media types it takes).
 *
 * @example
 * declaresStatus(operation, 415); // true when its responses list '415'
 */
export function declaresStatus(operation: Operation, status: number): boolean {
  return String(status) in operation.responses;
}
