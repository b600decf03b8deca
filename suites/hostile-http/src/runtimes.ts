// What the Hono service's hostile cases get on Bun, Deno and workerd, as measured (issue 42). Each
// runtime's own HTTP server parses the request before the app, and each refuses a different set of
// malformed requests, in its own words: Node's refusals are answered in the contract by
// @error-contract/node, a Node-only package; the others' servers offer no hook to answer theirs,
// so those answers are the runtime's, not the contract's. test/runtimes.test.ts holds every case to
// this table, so a runtime that changes what it refuses fails there; examples/hono/README.md shows it.
import type { Runtime } from '@error-contract/example-hono/runtimes';

/** A runtime server's own answer: its status (0: the connection closed without one) and Content-Type. */
export interface ServerRefusal {
  status: number;
  contentType?: string;
}

/** A case the runtime passes on to the app where Node's server refuses it: the app's answer, in the contract. */
export interface AppAnswer {
  status: number;
  code?: string;
  why: string;
  /** The server may also close the connection before the app's answer is written (a race inside the runtime). */
  orClosed?: true;
}

export const SERVER_REFUSES: Readonly<Record<Runtime, Readonly<Record<string, ServerRefusal>>>> = {
  bun: {
    'a request line with no version': { status: 400 },
    'HTTP/9.9': { status: 505 },
    'garbage bytes': { status: 400 },
    'spaces in the target': { status: 505 },
    'lower-case method': { status: 0 },
    'an unknown method': { status: 0 },
    'a header value with a NUL': { status: 400 },
    'a header name with a space': { status: 400 },
    'a 17 KB header': { status: 431 },
    'Content-Length and chunked together': { status: 400 },
    'two different Content-Lengths': { status: 400 },
    'an invalid chunk size': { status: 400 },
    'a body cut short': { status: 0 },
  },
  deno: {
    'a request line with no version': { status: 400 },
    'HTTP/9.9': { status: 400 },
    'garbage bytes': { status: 400 },
    'spaces in the target': { status: 400 },
    'a header value with a NUL': { status: 400 },
    'a header name with a space': { status: 400 },
    'Content-Length and chunked together': { status: 400 },
    'two different Content-Lengths': { status: 400 },
  },
  workerd: {
    'a request line with no version': { status: 400, contentType: 'text/plain' },
    'HTTP/9.9': { status: 400, contentType: 'text/plain' },
    'garbage bytes': { status: 400, contentType: 'text/plain' },
    'spaces in the target': { status: 400, contentType: 'text/plain' },
    'lower-case method': { status: 501, contentType: 'text/plain' },
    'an unknown method': { status: 501, contentType: 'text/plain' },
    'a header value with a NUL': { status: 400, contentType: 'text/plain' },
    'a header name with a space': { status: 400, contentType: 'text/plain' },
    'two different Content-Lengths': { status: 400, contentType: 'text/plain' },
  },
};

const EXPECT = 'the server ignores an Expect other than 100-continue (RFC 9110 section 10.1.1 allows a 417, it does not require one); the body `{}` then fails validation';
const TRAILING = 'with Connection: close the server reads the declared 14 bytes and drops the rest; Node parses the rest as a second, malformed request';
const BIG_HEADER = "the server's header limit is larger than Node's 16 KB";
// Node's parser refuses these ("The request is not valid HTTP."); this server passes them on and the
// app answers the same status and code, worded for what it found.
const NOT_JSON = 'Node\'s parser refuses it; here the app reads what arrived, which is not JSON';
const CUT_SHORT = { status: 400, code: 'bad_request', why: 'Node\'s parser refuses it; here the app reads the bytes that arrived, which are not JSON' } as const;

export const APP_ANSWERS_OTHERWISE: Readonly<Record<Runtime, Readonly<Record<string, AppAnswer>>>> = {
  bun: {
    'an unknown Expect': { status: 400, code: 'validation_failed', why: EXPECT },
    'bytes past the Content-Length': { status: 201, why: TRAILING },
  },
  deno: {
    'a body cut short': CUT_SHORT,
    'an invalid chunk size': {
      status: 400,
      code: 'bad_request',
      why: "Node's parser refuses it; Deno passes the request on and fails the body's stream, and either the app's 400 or Deno's closing the connection comes first",
      orClosed: true,
    },
    'lower-case method': { status: 404, code: 'not_found', why: 'the server passes `get` on; no route has that method, and methods are case-sensitive (RFC 9110 section 9.1)' },
    'an unknown method': { status: 405, code: 'method_not_allowed', why: 'the server passes BREW on; the path exists without that method' },
    'a 17 KB header': { status: 200, why: BIG_HEADER },
    'an unknown Expect': { status: 400, code: 'validation_failed', why: EXPECT },
    'bytes past the Content-Length': { status: 201, why: TRAILING },
  },
  workerd: {
    'Content-Length and chunked together': { status: 400, code: 'bad_request', why: NOT_JSON },
    'an invalid chunk size': { status: 400, code: 'bad_request', why: "Node's parser refuses it; workerd fails the body's stream and the app answers that the body could not be read" },
    'a body cut short': CUT_SHORT,
    'a 17 KB header': { status: 200, why: BIG_HEADER },
    'an unknown Expect': { status: 400, code: 'validation_failed', why: EXPECT },
    'bytes past the Content-Length': { status: 201, why: TRAILING },
  },
};
