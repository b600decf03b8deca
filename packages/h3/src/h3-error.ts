// What h3 hands its error hook, translated into what core reads. h3 wraps every thrown value in
// its own error before `onError` sees it: h3 2 in an `HTTPError` (response.ts `prepareResponse`:
// `new HTTPError(val)`, marked `unhandled`), h3 1 in an `H3Error` (`createError(_error)` in
// `toNodeListener`, marked `unhandled`). Neither is a value core knows, so this file says what
// each means: the value the app threw, a route miss, a body that is not JSON, a validation
// failure, or an h3 error the app made for its client (`createError`, `new HTTPError`).
import { problem, problems, type ProblemInit } from '@error-contract/core';
import { fieldErrorsOf } from '@error-contract/core/adapter';
import { read } from '@error-contract/core/adapter';

/** The members of h3 2's `HTTPError` and h3 1's `H3Error` read here. */
interface H3ErrorLike {
  message?: unknown;
  status?: unknown;
  statusCode?: unknown;
  statusText?: unknown;
  statusMessage?: unknown;
  unhandled?: unknown;
  headers?: unknown;
  data?: unknown;
  cause?: unknown;
}

/** What a thrown value is, for the error hook. */
export type H3Failure =
  /** A route miss: h3 found no route for the path and method (its 404). */
  | { kind: 'route-miss'; status: number }
  /** Anything else, as core should read it. */
  | { kind: 'error'; error: unknown };

/**
 * h3 2's `HTTPError` (`HTTPError.isError`: an Error named `HTTPError` with a status) and h3 1's
 * `H3Error` (its class says `__h3_error__`). got's and ky's errors are also named `HTTPError`,
 * but carry the `response` they failed on and no `unhandled` slot.
 */
export function isH3Error(value: unknown): value is H3ErrorLike {
  if (!(value instanceof Error)) return false;
  if (read(read(value, 'constructor'), '__h3_error__') === true) return true;
  return read(value, 'name') === 'HTTPError' && typeof read(value, 'status') === 'number' && 'unhandled' in value && read(value, 'response') === undefined;
}

// h3 2: `kNotFound` becomes `HTTPError({ status: 404, message: 'Cannot find any route matching [GET] <url>' })`.
// h3 1: the app's `Cannot find any path matching <path>.` (statusMessage), a preemptive router's
// `Cannot find any route matching <path>.` and `Method <m> is not allowed on this route.`
const ROUTE_MISS = /^(Cannot find any (route|path) matching |Method \S+ is not allowed on this route\.$)/;
// h3's words for a body that is not JSON (readBody, the validated readers), both majors.
const INVALID_JSON = 'Invalid JSON body';
// h3 2 names a validation failure `Validation failed` (validateData), h3 1 `Validation Error`.
const VALIDATION_TEXTS = new Set(['Validation failed', 'Validation Error']);
// h3 2 makes up `HTTPError <status> [statusText]` when the error has no message of the app's.
const MADE_UP_MESSAGE = /^HTTPError \d{3}( |$)/;

function statusOf(error: H3ErrorLike): number | undefined {
  const status = read(error, 'status') ?? read(error, 'statusCode');
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
}

function textOf(error: H3ErrorLike): string | undefined {
  const message = read(error, 'message');
  if (typeof message === 'string' && message !== '') return message;
  // h3 1's createError({ statusMessage }) leaves the message as the status message
  const statusMessage = read(error, 'statusMessage') ?? read(error, 'statusText');
  return typeof statusMessage === 'string' && statusMessage !== '' ? statusMessage : undefined;
}

/**
 * The field problems an h3 validation failure carries: h3 2 keeps the Standard Schema issues in
 * `data.issues` (and its `cause`), h3 1 the validator's own error (zod's, say) in `data`.
 */
function validationFieldsOf(error: H3ErrorLike): ProblemInit | undefined {
  for (const source of [read(error, 'data'), read(error, 'cause')]) {
    const fields = fieldErrorsOf(source);
    if (fields !== undefined && fields.length > 0) return problems.validationFailed(fields);
  }
  return undefined;
}

/** The headers an h3 error carries (`new HTTPError({ headers })`, assertMethod's `Allow`), as a plain object. */
function headersOf(error: H3ErrorLike): Record<string, string> | undefined {
  const headers = read(error, 'headers');
  if (headers === null || typeof headers !== 'object') return undefined;
  const plain: Record<string, string> = {};
  try {
    if (typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function') {
      (headers as Headers).forEach((value, name) => {
        plain[name] = value;
      });
    } else Object.assign(plain, headers);
  } catch {
    return undefined;
  }
  return plain;
}

/**
 * What a value handed to h3's error hook is. A value h3 wrapped (`unhandled`) is the app's own
 * throw, handed to core as it was thrown (core's trust rule: nothing of it reaches a 5xx, and its
 * mappers and observability see the real error). An h3 error the app or h3 made is read here:
 * route misses, bad JSON and validation failures by h3's own words and data; any other keeps its
 * status and, for a 4xx, its message and client headers (an h3 error is made to be answered with:
 * h3 sends its message to the client itself).
 */
export function failureOf(value: unknown, malformedPath = false): H3Failure {
  if (!isH3Error(value)) return { kind: 'error', error: value };
  if (read(value, 'unhandled') === true) {
    // h3 2 keeps the thrown value as the cause; h3 1 too (`cause: input.cause || input`)
    const cause = read(value, 'cause');
    return { kind: 'error', error: cause === undefined ? value : cause };
  }
  const status = statusOf(value);
  const text = textOf(value);
  if ((status === 404 || status === 405) && text !== undefined && ROUTE_MISS.test(text)) return { kind: 'route-miss', status };
  // a 5xx (or no error status) carries nothing of the value: core sees it as thrown, for its
  // status, its mappers and the logs and traces it feeds
  if (status === undefined || status < 400 || status >= 500) return { kind: 'error', error: value };
  // h3 2 refuses a path that does not percent-decode with a 400 before routing (`kMalformedURL`)
  if (status === 400 && malformedPath) return { kind: 'error', error: new URIError('URI malformed') };
  if (status === 400 && text === INVALID_JSON) {
    // core's rule for a body that is not JSON: 400 bad_request with its fixed sentence
    return { kind: 'error', error: new SyntaxError('Unexpected token in JSON body') };
  }
  if (status === 400 || VALIDATION_TEXTS.has(text ?? '')) {
    const validation = validationFieldsOf(value);
    if (validation !== undefined) return { kind: 'error', error: validation };
  }
  // h3's made-up message and its validators' generic words say nothing the status does not
  const shown = text === undefined || MADE_UP_MESSAGE.test(text) || VALIDATION_TEXTS.has(text) ? undefined : text;
  const headers = headersOf(value);
  return { kind: 'error', error: problem(status, shown, headers === undefined ? {} : { headers }) };
}
