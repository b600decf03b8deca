// A route or middleware that ends with an error status and no real body (`res.sendStatus(403)`,
// `ctx.status = 404`, `c.body(null, 401)`) gets the contract's body. These decide, for every
// adapter alike, when a response counts as bare and which headers the replacement must drop.
import { isErrorStatus, reasonPhrase } from '../base/statuses.js';

const MAX_BARE_LENGTH = 64;
const decoder = new TextDecoder();

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body.length <= MAX_BARE_LENGTH ? body : undefined;
  if (body instanceof Uint8Array) return body.byteLength <= MAX_BARE_LENGTH ? decoder.decode(body) : undefined;
  return undefined;
}

/**
 * Whether a response with this status, Content-Type and body is an error the framework left bare:
 * an error status with no body, or with nothing but its reason phrase (or number) as plain text,
 * which is what Express's `sendStatus` and Koa's empty-body fallback write.
 *
 * @example
 * isBareErrorResponse(403, 'text/plain; charset=utf-8', 'Forbidden'); // true
 * isBareErrorResponse(404, 'application/json', '{"error":"mine"}'); // false
 * isBareErrorResponse(403, 'application/json', undefined, 'HEAD'); // false: a HEAD has no body to judge
 */
export function isBareErrorResponse(status: number, contentType: string | undefined, body: unknown, method?: string): boolean {
  if (!isErrorStatus(status)) return false;
  // A HEAD response never has a body, so its body says nothing: judge by what a GET would send.
  // A JSON-typed one (the contract's own, or the app's) is not bare.
  if (method === 'HEAD') return mayBeBareText(status, contentType);
  const text = bodyText(body);
  if (text === undefined) return false;
  if (text === '') return true;
  return mayBeBareText(status, contentType) && (text === reasonPhrase(status) || text === String(status));
}

/**
 * Whether a response with a non-empty body could still be bare: an error status whose body is
 * untyped or plain text. Adapters that must read a body to know (a Web `Response`) ask this
 * first, so they read only what could be a bare reason phrase.
 *
 * @example
 * mayBeBareText(405, 'text/plain; charset=UTF-8'); // true: read the body and ask isBareErrorResponse
 * mayBeBareText(404, 'application/json'); // false: a JSON body is the app's own
 */
export function mayBeBareText(status: number, contentType: string | undefined): boolean {
  return isErrorStatus(status) && (contentType === undefined || contentType === '' || /^text\/plain\b/i.test(contentType));
}

/**
 * Headers that describe a representation the error replaces; an adapter removes them before
 * writing an error, so a route that set `Content-Encoding: gzip` and then threw does not label
 * our JSON as gzip. Every other header (CORS, `Vary`, cookies) is the app's and stays.
 */
export const REPRESENTATION_HEADERS: readonly string[] = Object.freeze([
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-length',
  'content-location',
  'content-range',
  'etag',
  'last-modified',
]);

const KEEP_CONTENT_RANGE: readonly string[] = Object.freeze(REPRESENTATION_HEADERS.filter((name) => name !== 'content-range'));

/**
 * The representation headers an error with this status replaces (`Content-Encoding`, `Content-Length`, `ETag`, ...),
 * except that a 416 keeps `Content-Range` (`bytes *\/1234`), which tells the client the size of
 * what it asked a range of (RFC 9110 section 15.5.17).
 *
 * @example
 * staleHeaders(416).includes('content-range'); // false
 * staleHeaders(500).includes('content-range'); // true
 */
export function staleHeaders(status: number): readonly string[] {
  return status === 416 ? KEEP_CONTENT_RANGE : REPRESENTATION_HEADERS;
}
