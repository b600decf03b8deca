import { type ErrorResponse, isBareErrorResponse, mergeVary, mayBeBareText, problem, type ProblemInit, staleHeaders, type ValidatorFailure, validatorFailureOf } from '@error-contract/core';
import type { Context } from 'hono';

// Responses the contract made. The fetch wrapper passes them on without looking at their headers:
// on @hono/node-server, reading a response's headers builds a Headers object and takes the
// response off the server's fast write path (about 20 µs a request, measured on the 500 path).
// A property under a module-private symbol marks them: a WeakSet cost about 0.2 µs an add and a
// lookup, and more in every garbage collection (its entries are ephemerons).
const OURS = Symbol('error-contract.hono.response');

function ours(res: Response): Response {
  (res as Response & { [OURS]?: true })[OURS] = true;
  return res;
}

/** Whether the contract made this response. */
export function isOurs(res: Response): boolean {
  return (res as Response & { [OURS]?: true })[OURS] === true;
}

/** A contract response as a Web `Response`; `base` are the headers of a response it replaces. */
export function toResponse(response: ErrorResponse, base?: Headers): Response {
  if (base === undefined) return ours(new Response(response.body, { status: response.status, headers: response.headers }));
  const headers = new Headers(base);
  for (const name of staleHeaders(response.status)) headers.delete(name);
  for (const [name, value] of Object.entries(response.headers)) headers.set(name, name === 'vary' ? mergeVary(headers.get('vary') ?? undefined, value) : value);
  return ours(new Response(response.body, { status: response.status, headers }));
}

/**
 * The headers the context holds for its response, or undefined for none: set with `c.header()`
 * before any response existed (CORS, rate-limit headers), or on a response already there. Hono
 * keeps them privately; a bodiless response from the context carries them and nothing else, and
 * making one costs less than a Headers object with entries. (Reading `c.res` would make a
 * response, whose headers Hono then copies over the one the contract gives it.)
 */
function heldHeaders(c: Context): Headers | undefined {
  try {
    const { headers } = c.body(null);
    for (const _ of headers) return headers;
    return undefined;
  } catch {
    return new Headers();
  }
}

/**
 * A contract response through the context, so headers set earlier with `c.header()` (CORS,
 * rate-limit headers) stay. After a handler ran (`replacesBody`), the headers of the body it
 * abandoned are removed first; `notFound` skips that, since no handler ran, and each removal
 * costs a Headers operation.
 *
 * When the context holds no headers, the response is made directly with the contract's headers
 * as a plain object: Hono's `c.newResponse` turns more than one header into a Headers object,
 * which @hono/node-server then turns back into an object to write (about 6 µs a request, a
 * quarter of Hono's whole 404).
 */
export function respondOn(c: Context, response: ErrorResponse, { replacesBody = true }: { replacesBody?: boolean } = {}): Response {
  const held = heldHeaders(c);
  if (held === undefined) {
    // Nothing to keep. What a handler left (possibly no Response at all, a string, say) goes, or
    // Hono would try to copy its headers onto ours. Only a finished context has one: clearing
    // marks it finished, and Hono ignores what a middleware returns on a finished context.
    if (replacesBody && c.finalized) c.res = undefined;
    return ours(new Response(response.body, { status: response.status, headers: response.headers }));
  }
  if (replacesBody) {
    try {
      for (const name of staleHeaders(response.status)) c.header(name, undefined);
    } catch {
      // What a handler returned is no Response (a string, say): Hono's c.header() throws on it, as
      // it did for the middleware whose failure this is. Start from no response at all.
      c.res = undefined;
    }
  }
  // Hono's newResponse sets each header over the context's: a Vary the app set is added to instead
  const headers = response.headers.vary === undefined ? response.headers : { ...response.headers, vary: mergeVary(held.get('vary') ?? undefined, response.headers.vary) };
  return ours(c.newResponse(response.body, response.status as never, headers));
}

// What onError answered on a context, kept so its headers can be taken back (see `takeBackHeaders`).
// A property under a module-private symbol, as for our responses: a WeakMap's set cost about
// 0.8 µs of Hono's 400 path (measured), the property about 10 ns.
const ANSWERED = Symbol('error-contract.hono.answered');

type AnsweredContext = Context & { [ANSWERED]?: ErrorResponse };

/**
 * `respondOn` for `onError`, remembering the answer. Hono builds every later response of the
 * context on the current one's headers, so an app that answers the error itself after ours (a
 * middleware reading `c.error`) would inherit them.
 */
export function respondToError(c: Context, response: ErrorResponse): Response {
  (c as AnsweredContext)[ANSWERED] = response;
  return respondOn(c, response);
}

/**
 * When the app replaced the contract's answer to an error with its own (another status), removes
 * the headers it inherited from ours, so its answer is what it would have been without us. A
 * header the app set itself to another value is kept (Hono lets the app's value win).
 */
export function takeBackHeaders(c: Context): void {
  const answered = (c as AnsweredContext)[ANSWERED];
  if (answered === undefined || c.res.status === answered.status) return;
  const headers = c.res.headers;
  try {
    for (const [name, value] of Object.entries(answered.headers)) if (name !== 'content-type' && headers.get(name) === value) headers.delete(name);
  } catch {
    // a response whose headers are immutable (one from fetch()) is passed on as it is
  }
}

const MAX_BARE_TEXT = 64;
// A validator's 400 body lists its issues; one over this size is passed on as it is.
const MAX_VALIDATOR_BODY = 64 * 1024;

/**
 * The text of a body, if it is at most `limit` bytes and already there. A body made from a
 * string (`c.text()`) is read within microtasks; a stream that has not finished by the next
 * macrotask is not waited for (a streamed 500 must reach its client as it streams) and its copy is
 * cancelled, so nothing of it is held.
 */
function smallBodyText(res: Response, limit = MAX_BARE_TEXT): Promise<string | undefined> {
  const reader = res.clone().body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const read = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return new TextDecoder().decode(concat(chunks, size));
      size += value.byteLength;
      if (size > limit) return undefined;
      chunks.push(value);
    }
  })();
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, 0));
  return Promise.race([read, late]).then(
    (text) => {
      if (text === undefined) reader.cancel().catch(() => {});
      return text;
    },
    // a body that fails to read is not a reason phrase
    () => undefined,
  );
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/**
 * Whether a finished response is an error left bare, by core's rule: no body (`c.body(null, 403)`),
 * or a reason phrase in text (Hono's method-not-allowed middleware, `bodyLimit`'s default). Our
 * own responses are never looked at; only small text bodies that are already there are read.
 */
function isBare(res: Response, method: string): boolean | Promise<boolean> {
  if (res.status < 400 || isOurs(res)) return false;
  const type = res.headers.get('content-type') ?? undefined;
  // HEAD through the middleware still has the GET's body here (Hono drops it later): judge that
  // body as for GET, so HEAD and GET agree. Only a body already gone falls to core's HEAD rule.
  if (res.body === null) return isBareErrorResponse(res.status, type, null, method);
  // Core's rule says which bodies could be a bare reason phrase; only those are read.
  if (!mayBeBareText(res.status, type)) return false;
  const length = Number(res.headers.get('content-length') ?? Number.NaN);
  if (length > MAX_BARE_TEXT) return false;
  return smallBodyText(res).then((text) => text !== undefined && isBareErrorResponse(res.status, type, text));
}

/**
 * The failure a validator middleware answered itself (no hook given), by core's
 * `validatorFailureOf`: only 400 JSON bodies the contract did not make, already there, at most
 * 64 KB, are read.
 */
function validatorAnswer(res: Response): Promise<ValidatorFailure | undefined> | undefined {
  if (res.status !== 400 || isOurs(res) || res.body === null) return undefined;
  if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return undefined;
  const length = Number(res.headers.get('content-length') ?? Number.NaN);
  if (length > MAX_VALIDATOR_BODY) return undefined;
  return smallBodyText(res, MAX_VALIDATOR_BODY).then((text) => {
    if (text === undefined) return undefined;
    try {
      return validatorFailureOf(JSON.parse(text));
    } catch {
      return undefined;
    }
  });
}

/** The problem of a bare error response, or undefined when the response is not bare. */
function bareProblem(res: Response, method: string): ProblemInit | undefined | Promise<ProblemInit | undefined> {
  const bare = isBare(res, method);
  if (typeof bare === 'boolean') return bare ? problem(res.status) : undefined;
  return bare.then((isBareNow) => (isBareNow ? problem(res.status) : undefined));
}

/**
 * What the contract answers in place of a response the app finished, for the middleware and the
 * fetch wrapper alike: the issues of a validator that answered its failure itself (no hook), the
 * status of a bare error, or undefined to pass the response on. Synchronous unless a body must be
 * read, so a success costs no microtask in the fetch wrapper.
 */
export function failureToAnswer(res: Response, method: string): unknown | Promise<unknown> {
  // Successes and our own answers, that is almost every response, are decided here.
  if (res.status < 400 || isOurs(res)) return undefined;
  const validator = validatorAnswer(res);
  if (validator === undefined) return bareProblem(res, method);
  return validator.then((found) => found ?? bareProblem(res, method));
}

/** Puts `replacement` on the context. Setting c.res copies the old response's headers over the new one: clear it first. */
export function replaceResponse(c: Context, replacement: Response): void {
  c.res = undefined;
  c.res = replacement;
}
