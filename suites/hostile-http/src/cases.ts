// The hostile requests, one table for the four reference services. Each states the status and
// code every framework must answer with: a client's mistake is a 4xx in the contract, never a
// 500, never a framework's own page, and never the same answer in two different bodies.
import { deflateSync, gzipSync } from 'node:zlib';
import type { SendPlan } from './raw-http.js';

export interface HostileCase {
  name: string;
  pieces: Array<string | Buffer>;
  plan?: SendPlan;
  /** The status every framework answers; for an abort, nothing is read. */
  status: number | 'aborted';
  /** The contract's code, for error statuses with a body. */
  code?: string;
  /**
   * Why the four services may word this failure differently (only the status is then compared
   * across them). Every such case is a known gap, listed in the closing note of its issue.
   */
  bodiesDiffer?: string;
}

export const V2 = '/api/client/v2';
const READER = 'Bearer reader-token';
const WRITER = 'Bearer writer-token';

interface Head {
  method?: string;
  target?: string;
  headers?: Record<string, string>;
  /** Headers sent as they are, after the others (duplicates, odd names). */
  rawHeaders?: string[];
  version?: string;
}

/** A request head with Host, Connection: close, a JSON Accept and the reader's token unless told otherwise. */
export function head({ method = 'GET', target = `${V2}/widgets`, headers = {}, rawHeaders = [], version = 'HTTP/1.1' }: Head = {}): string {
  const all: Record<string, string> = { host: '127.0.0.1', connection: 'close', accept: 'application/json', authorization: READER, ...headers };
  const lines = Object.entries(all)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}: ${value}`);
  return `${method} ${target} ${version}\r\n${[...lines, ...rawHeaders].join('\r\n')}\r\n\r\n`;
}

/** A POST of `body` to /widgets as the writer, with a Content-Length that fits unless given. */
function post(body: string | Buffer, headers: Record<string, string> = {}): Array<string | Buffer> {
  const length = String(Buffer.byteLength(body));
  return [head({ method: 'POST', headers: { authorization: WRITER, 'content-type': 'application/json', 'content-length': length, ...headers } }), body];
}

const FILLER_ACCEPT = `${'text/x-filler;level=1;q=0.5, '.repeat(520)}application/json`;
const BOMB = gzipSync(Buffer.alloc(20 * 1024 * 1024));

export const CASES: HostileCase[] = [
  // What Node's parser refuses before any framework runs (answered by @error-contract/node).
  { name: 'a request line with no version', pieces: ['GET\r\n\r\n'], status: 400, code: 'bad_request' },
  { name: 'HTTP/9.9', pieces: [head({ version: 'HTTP/9.9' })], status: 400, code: 'bad_request' },
  { name: 'garbage bytes', pieces: [Buffer.from([0, 1, 2, 13, 10, 13, 10])], status: 400, code: 'bad_request' },
  { name: 'spaces in the target', pieces: [`GET ${V2}/wid gets HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`], status: 400, code: 'bad_request' },
  { name: 'lower-case method', pieces: [head({ method: 'get' })], status: 400, code: 'bad_request' },
  { name: 'an unknown method', pieces: [head({ method: 'BREW' })], status: 400, code: 'bad_request' },
  { name: 'a header value with a NUL', pieces: [head({ rawHeaders: ['x-note: a\u0000b'] })], status: 400, code: 'bad_request' },
  { name: 'a header name with a space', pieces: [head({ rawHeaders: ['x note: a'] })], status: 400, code: 'bad_request' },
  { name: 'a 17 KB header', pieces: [head({ headers: { 'x-big': 'a'.repeat(17_000) } })], status: 431, code: 'request_header_fields_too_large' },
  { name: 'Content-Length and chunked together', pieces: [head({ method: 'POST', headers: { authorization: WRITER, 'content-type': 'application/json', 'content-length': '5', 'transfer-encoding': 'chunked' } }), '0\r\n\r\n'], status: 400, code: 'bad_request' },
  { name: 'two different Content-Lengths', pieces: [head({ method: 'POST', headers: { authorization: WRITER, 'content-type': 'application/json' }, rawHeaders: ['content-length: 2', 'content-length: 3'] }), '{}'], status: 400, code: 'bad_request' },
  { name: 'an invalid chunk size', pieces: [head({ method: 'POST', headers: { authorization: WRITER, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }), 'zz\r\n{}\r\n0\r\n\r\n'], status: 400, code: 'bad_request' },
  { name: 'an unknown Expect', pieces: [head({ method: 'POST', headers: { authorization: WRITER, 'content-type': 'application/json', 'content-length': '2', expect: 'something-else' } }), '{}'], status: 417, code: 'expectation_failed' },

  // Paths.
  { name: 'a malformed percent-encoding', pieces: [head({ target: `${V2}/widgets/%E0%A4%A` })], status: 400, code: 'bad_request' },
  { name: 'a lone %', pieces: [head({ target: `${V2}/widgets/%` })], status: 400, code: 'bad_request' },
  { name: 'an overlong UTF-8 slash', pieces: [head({ target: `${V2}/widgets/%C0%AF` })], status: 400, code: 'bad_request' },
  { name: 'an 8 KB path', pieces: [head({ target: `${V2}/widgets/${'a'.repeat(8_000)}` })], status: 404, code: 'not_found' },
  { name: 'absolute-form target', pieces: [head({ target: `http://127.0.0.1${V2}/widgets` })], status: 200 },
  { name: 'absolute-form target of no route', pieces: [head({ target: `http://127.0.0.1${V2}/nope` })], status: 404, code: 'not_found' },
  { name: 'a path starting with //', pieces: [head({ target: `/${V2}/widgets` })], status: 404, code: 'not_found' },
  { name: 'path traversal', pieces: [head({ target: `${V2}/../../etc/passwd` })], status: 404, code: 'not_found' },

  // Accept.
  { name: 'a garbage Accept', pieces: [head({ headers: { accept: ';;;,,,q=abc' } })], status: 406, code: 'not_acceptable' },
  { name: 'a 16 KB Accept ending in JSON', pieces: [head({ headers: { accept: FILLER_ACCEPT } })], status: 200 },
  { name: 'Accept: text/html only', pieces: [head({ headers: { accept: 'text/html' } })], status: 406, code: 'not_acceptable' },
  { name: 'no Accept', pieces: [head({ headers: { accept: '' } })], status: 406, code: 'not_acceptable' },

  // Methods the routes do not have.
  { name: 'PUT on the collection', pieces: [head({ method: 'PUT', headers: { 'content-length': '0' } })], status: 405, code: 'method_not_allowed' },
  { name: 'TRACE', pieces: [head({ method: 'TRACE' })], status: 405, code: 'method_not_allowed' },
  { name: 'HEAD of no route', pieces: [head({ method: 'HEAD', target: `${V2}/nope` })], status: 404 },
  { name: 'HEAD of the bug', pieces: [head({ method: 'HEAD', target: `${V2}/fail` })], status: 500 },

  // Bodies.
  { name: 'malformed JSON', pieces: post('{"name":'), status: 400, code: 'bad_request' },
  {
    name: '__proto__ in JSON',
    pieces: post('{"__proto__":{"admin":true},"name":"x"}'),
    status: 400,
    bodiesDiffer:
      "Koa's body parser (co-body) refuses the member itself (bad_request) and takes no option to keep it; Express's, Hono's and Fastify's JSON.parse keep it as an own key, which the schema refuses as an unknown field (validation_failed)",
  },
  { name: 'constructor.prototype in JSON', pieces: post('{"constructor":{"prototype":{"admin":true}},"name":"x"}'), status: 400, code: 'validation_failed' },
  { name: 'JSON nested 10,000 deep', pieces: post(`${'['.repeat(10_000)}${']'.repeat(10_000)}`), status: 400 },
  { name: 'JSON null', pieces: post('null'), status: 400, code: 'validation_failed' },
  { name: 'a 200 KB body', pieces: post(JSON.stringify({ name: 'a'.repeat(200_000) })), status: 413, code: 'payload_too_large' },
  // The bytes past the Content-Length are a second request to Node, and a malformed one: Node's
  // parser refuses it before the first is answered, as it does without the contract.
  { name: 'bytes past the Content-Length', pieces: post('{"name":"Cog"}garbage-after', { 'content-length': '14' }), status: 400, code: 'bad_request' },
  { name: 'a body cut short', pieces: post('{"na', { 'content-length': '20' }), plan: { halfClose: true }, status: 400, code: 'bad_request' },
  { name: 'text/plain body', pieces: post('{"name":"Cog"}', { 'content-type': 'text/plain' }), status: 415, code: 'unsupported_media_type' },
  { name: 'charset latin1', pieces: post('{"name":"Cog"}', { 'content-type': 'application/json; charset=latin1' }), status: 415, code: 'unsupported_media_type' },
  { name: 'charset utf-7', pieces: post('{"name":"Cog"}', { 'content-type': 'application/json; charset=utf-7' }), status: 415, code: 'unsupported_media_type' },
  { name: 'charset UTF-8 in capitals', pieces: post('{"name":"Cog"}', { 'content-type': 'application/json; charset=UTF-8' }), status: 201 },
  { name: 'corrupt gzip', pieces: post(Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' }), status: 400, code: 'bad_request' },
  { name: 'gzip', pieces: post(gzipSync('{"name":"Cog"}'), { 'content-encoding': 'gzip' }), status: 201 },
  { name: 'deflate', pieces: post(deflateSync('{"name":"Cog"}'), { 'content-encoding': 'deflate' }), status: 201 },
  { name: 'a gzip bomb (20 MB of zeros)', pieces: post(BOMB, { 'content-encoding': 'gzip' }), status: 413, code: 'payload_too_large' },
  { name: 'an unknown Content-Encoding', pieces: post('{"name":"Cog"}', { 'content-encoding': 'br2' }), status: 415, code: 'unsupported_media_type' },
  {
    name: 'a body sent slowly, in pieces 200 ms apart',
    pieces: [head({ method: 'POST', headers: { authorization: WRITER, 'content-type': 'application/json', 'content-length': '14' } }), '{"name"', ':"Cog"}'],
    plan: { gapMs: 200 },
    status: 201,
  },
  { name: 'Expect: 100-continue', pieces: [...post('{"name":"Cog"}', { expect: '100-continue' })], status: 201 },
  { name: 'the client leaves while the error is answered', pieces: [head({ target: `${V2}/fail` })], plan: { abort: true }, status: 'aborted' },
];
