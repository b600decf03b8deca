// The Web Fetch API's side of the contract, for every adapter whose framework speaks `Request` and
// `Response` (Hono, Next.js route handlers): reading a `Request` into a `RequestLike`, writing an
// `ErrorResponse` as a `Response`, and telling a bare error response from a real one. Web
// standard globals only, so it runs wherever `fetch` does (Node, Bun, Deno, Workers, Edge).
import type { ProblemInit } from '../failures/contract-error.js';
import { isBareErrorResponse, mayBeBareText, staleHeaders } from '../failures/bare-response.js';
import { headersOver } from '../rendering/headers.js';
import { withoutQuery } from '../request/path.js';
import { problem } from '../failures/problems.js';
import type { ErrorResponse, RequestLike } from '../types.js';
import { type ValidatorFailure, validatorFailureOf } from '../validation/validator-answer.js';

/**
 * The path of an absolute URL, as sent (not decoded) and without its query, without parsing all of
 * it (this runs on every request).
 *
 * @example
 * pathOfUrl('https://api.example.com/widgets/%22?x=1'); // '/widgets/%22'
 */
export function pathOfUrl(url: string): string {
  const scheme = url.indexOf('://');
  const start = url.indexOf('/', scheme === -1 ? 0 : scheme + 3);
  if (start === -1) return '/';
  return withoutQuery(url.slice(start));
}

/**
 * What core needs of a Web `Request`: its method, the path as sent (a decoded path would put
 * `"<b>` into `instance`), and its headers.
 *
 * @example
 * contract.respond(error, fetchRequestLike(request));
 */
export function fetchRequestLike(request: Request): RequestLike {
  return { method: request.method, path: pathOfUrl(request.url), headers: request.headers };
}

// Responses the contract made, so that a wrapper passes them on without reading their headers or
// body again. A property under a module-private symbol: a WeakSet cost about 0.2 µs an add and a
// lookup, and more in every garbage collection (its entries are ephemerons).
const OURS = Symbol('error-contract.fetch.response');

/**
 * Marks a `Response` as the contract's own answer (see {@link isContractResponse}) and returns it.
 *
 * @example
 * return markContractResponse(c.newResponse(answer.body, answer.status, answer.headers));
 */
export function markContractResponse(res: Response): Response {
  (res as Response & { [OURS]?: true })[OURS] = true;
  return res;
}

/**
 * Whether the contract made this response (by {@link toFetchResponse} or
 * {@link markContractResponse}), so that it is never judged a bare error.
 *
 * @example
 * if (isContractResponse(res)) return res;
 */
export function isContractResponse(res: Response): boolean {
  return (res as Response & { [OURS]?: true })[OURS] === true;
}

/**
 * A contract answer as a Web `Response`. With `base`, the headers of a response it replaces (a
 * bare 403 that carried CORS headers) are kept, less those that described the abandoned body.
 *
 * @example
 * return toFetchResponse(contract.respond(error, fetchRequestLike(request)));
 */
export function toFetchResponse(response: ErrorResponse, base?: Headers): Response {
  if (base === undefined) return markContractResponse(new Response(response.body, { status: response.status, headers: response.headers }));
  const headers = new Headers(base);
  for (const name of staleHeaders(response.status)) headers.delete(name);
  for (const [name, value] of Object.entries(headersOver(response, (name) => headers.get(name) ?? undefined))) headers.set(name, value);
  return markContractResponse(new Response(response.body, { status: response.status, headers }));
}

const MAX_BARE_TEXT = 64;
// A validator's 400 body lists its issues; one over this size is passed on as it is.
const MAX_VALIDATOR_BODY = 64 * 1024;

/**
 * The text of a body, if it is at most `limit` bytes and already there. A body made from a
 * string is read within microtasks; a stream that has not finished by the next macrotask is not
 * waited for (a streamed 500 must reach its client as it streams) and its copy is cancelled, so
 * nothing of it is held.
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
  // resolve(undefined) spelled out: Deno types setTimeout's callback as taking no argument (JSR type check)
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 0));
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
 * Whether a finished response is an error left bare, by core's rule: no body (`new Response(null,
 * { status: 403 })`), or a reason phrase in text. Only small text bodies that are already there
 * are read.
 */
function isBare(res: Response, method: string): boolean | Promise<boolean> {
  const type = res.headers.get('content-type') ?? undefined;
  // HEAD may still carry the GET's body here (Hono and Next drop it later): judge that body as for
  // GET, so HEAD and GET agree. Only a body already gone falls to core's HEAD rule.
  if (res.body === null) return isBareErrorResponse(res.status, type, null, method);
  // Core's rule says which bodies could be a bare reason phrase; only those are read.
  if (!mayBeBareText(res.status, type)) return false;
  const length = Number(res.headers.get('content-length') ?? Number.NaN);
  if (length > MAX_BARE_TEXT) return false;
  return smallBodyText(res).then((text) => text !== undefined && isBareErrorResponse(res.status, type, text));
}

/**
 * The failure a validator answered itself, by core's `validatorFailureOf`: only 400 JSON bodies,
 * already there, at most 64 KB, are read.
 */
function validatorAnswer(res: Response): Promise<ValidatorFailure | undefined> | undefined {
  if (res.status !== 400 || res.body === null) return undefined;
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
 * What the contract answers in place of a `Response` the app finished, or undefined to pass it on:
 * the issues of a validator that answered its failure itself (a 400 JSON body of zod's or
 * Standard Schema's issues), or the status of a bare error (no body, or a reason phrase in text).
 * Successes and the contract's own responses are decided at once; the result is a Promise only
 * when a small body must be read. Hand what it finds to `contract.respond`.
 *
 * @example
 * const failure = await fetchFailureToAnswer(res, request.method);
 * return failure === undefined ? res : toFetchResponse(contract.respond(failure, fetchRequestLike(request)), res.headers);
 */
export function fetchFailureToAnswer(res: Response, method: string): unknown | Promise<unknown> {
  // Successes and our own answers, that is almost every response, are decided here.
  if (res.status < 400 || isContractResponse(res)) return undefined;
  const validator = validatorAnswer(res);
  if (validator === undefined) return bareProblem(res, method);
  return validator.then((found) => found ?? bareProblem(res, method));
}

/**
 * A `Response` the app finished, or the contract's answer in its place when it is a failure the
 * contract answers (see {@link fetchFailureToAnswer}): `answer` makes that answer from what was
 * found, with the framework's own way of writing (the replaced response's headers kept). Sync
 * unless a small body must be read, so a framework's sync fast path stays sync.
 *
 * @example
 * return replaceBareResponse(res, request.method, (failure) =>
 *   toFetchResponse(contract.respond(failure, fetchRequestLike(request)), res.headers),
 * );
 */
export function replaceBareResponse<T>(res: Response, method: string, answer: (failure: unknown) => T): Response | T | Promise<Response | T> {
  const failure = fetchFailureToAnswer(res, method);
  if (failure === undefined) return res;
  if (failure instanceof Promise) return failure.then((found) => (found === undefined ? res : answer(found)));
  return answer(failure);
}
