// Another service that gave us no usable answer, as the HTTP clients report it: undici and the
// global `fetch`, axios, got, ky, and our own client's `ApiError`. We are then the gateway of
// RFC 9110: 502 when the other service refused, reset, or answered with an error (section 15.6.3),
// 504 when it did not answer in time (section 15.6.5). The trust rule (trust.ts) already sends
// nothing of an upstream's answer; this preset only chooses the status, and writes no more.
import type { ErrorMapper } from '../mapping/map-option.js';
import { read, readString } from '../base/safe-read.js';
import { isErrorStatus } from '../base/statuses.js';
import { upstreamAnswered } from '../deciding/trust.js';
import { ANSWERS, badGateway, gatewayTimeout } from './answers.js';
import { socketFailureIn } from './connection.js';
import { preset } from './preset.js';
import { classNames, errorChain } from './recognise.js';

type Failure = 'no_answer' | 'timeout';

// undici's own timeouts (its errors' `code`), alone or as the `cause` of fetch's "fetch failed"
const UNDICI_TIMEOUTS: ReadonlySet<string> = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
// undici's socket closed by the other side ("other side closed"), or the request aborted with it
const UNDICI_LOST: ReadonlySet<string> = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
// axios's codes for a request that got no response (its own timeout is ECONNABORTED, or ETIMEDOUT
// with `transitional.clarifyTimeoutError`); socket codes (ECONNREFUSED, ...) are read below
const AXIOS_TIMEOUTS: ReadonlySet<string> = new Set(['ECONNABORTED', 'ETIMEDOUT']);
const AXIOS_LOST: ReadonlySet<string> = new Set(['ERR_NETWORK', 'ERR_FR_TOO_MANY_REDIRECTS']);
// DOMException's legacy code of a `TimeoutError` (`AbortSignal.timeout()`'s reason)
const DOM_TIMEOUT_CODE = 23;

/** `AbortSignal.timeout()`'s reason, a DOMException named TimeoutError (fetch rejects with it as is). */
function isAbortTimeout(value: unknown): boolean {
  return readString(value, 'name') === 'TimeoutError' && read(value, 'code') === DOM_TIMEOUT_CODE;
}

/** ky's TimeoutError: named so, with the `request` (a Request) that timed out. */
function isKyTimeout(value: unknown): boolean {
  return readString(value, 'name') === 'TimeoutError' && typeof readString(read(value, 'request'), 'url') === 'string';
}

/** An axios error with no response: a timeout, a lost connection, or a cancel by a timed-out signal. */
function axiosFailure(error: unknown): Failure | undefined {
  const code = readString(error, 'code');
  if (code !== undefined && AXIOS_TIMEOUTS.has(code)) return 'timeout';
  if (code !== undefined && AXIOS_LOST.has(code)) return 'no_answer';
  // axios cancels with its own CanceledError when `signal` aborts; the signal keeps the reason
  if (code === 'ERR_CANCELED') return isAbortTimeout(read(read(read(error, 'config'), 'signal'), 'reason')) ? 'timeout' : undefined;
  return undefined;
}

/** fetch's "fetch failed": undici's TypeError for any network error, the cause saying which. */
function isFetchFailure(value: unknown): boolean {
  return classNames(value).includes('TypeError') && readString(value, 'message') === 'fetch failed';
}

/**
 * Node's error for a request our own client aborted while its body was read (`IncomingMessage`'s
 * `new ConnResetException('aborted')`: the message `aborted`, the code ECONNRESET, no syscall), which
 * a framework that reads the body itself hands on as it is. Its ECONNRESET is our client's
 * connection, not another service's.
 */
function isIncomingAbort(error: unknown): boolean {
  return readString(error, 'message') === 'aborted' && readString(error, 'code') === 'ECONNRESET' && read(error, 'syscall') === undefined;
}

function declaresStatus(error: unknown): boolean {
  return isErrorStatus(read(error, 'status')) || isErrorStatus(read(error, 'statusCode'));
}

function failureOf(error: unknown): Failure | 'answered' | undefined {
  // an error response from the other service (its status is not ours to forward)
  if (upstreamAnswered(error)) return 'answered';
  if (read(error, 'isAxiosError') === true) {
    const failure = axiosFailure(error);
    if (failure !== undefined) return failure;
  }
  // A value that declares its own error status is not an HTTP client's: body-parser's "request
  // aborted" (400, code ECONNABORTED) is about our client's connection, and keeps its answer.
  if (declaresStatus(error) || isIncomingAbort(error)) return undefined;
  const chain = errorChain(error);
  for (const member of chain) {
    const code = readString(member, 'code');
    if (isAbortTimeout(member) || isKyTimeout(member) || (code !== undefined && UNDICI_TIMEOUTS.has(code))) return 'timeout';
  }
  // a refused, reset or timed-out socket: bare, got's RequestError and TimeoutError (they copy the
  // socket's code), axios's, or fetch's cause
  const socket = socketFailureIn(error);
  if (socket !== undefined) return socket.code === 'ETIMEDOUT' ? 'timeout' : 'no_answer';
  for (const member of chain) {
    const code = readString(member, 'code');
    if (code !== undefined && UNDICI_LOST.has(code)) return 'no_answer';
  }
  // fetch failed for another network reason (a TLS failure, a malformed response)
  return isFetchFailure(error) ? 'no_answer' : undefined;
}

/**
 * Maps another service's failure to answer, as an HTTP client reports it, to 502 `bad_gateway` or
 * 504 `gateway_timeout`. Nothing of the other service's answer (its status, headers, body,
 * message or URL) reaches ours. Opt-in: without it these failures are 500, as the trust rule
 * makes them.
 *
 * | error | answer |
 * |---|---|
 * | fetch (undici) `TypeError: fetch failed` whose cause is a refused or reset connection (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET) or another network error | 502 `bad_gateway` |
 * | fetch's cause UND_ERR_CONNECT_TIMEOUT, UND_ERR_HEADERS_TIMEOUT, UND_ERR_BODY_TIMEOUT; `AbortSignal.timeout()`'s `TimeoutError` | 504 `gateway_timeout` |
 * | axios: `AxiosError` with a `response` (any status), or ECONNREFUSED, ECONNRESET, ERR_NETWORK, ERR_FR_TOO_MANY_REDIRECTS | 502 `bad_gateway` |
 * | axios ECONNABORTED, ETIMEDOUT, or ERR_CANCELED by an `AbortSignal.timeout()` | 504 `gateway_timeout` |
 * | got `HTTPError`, `ParseError`, `MaxRedirectsError` (they carry the response), `RequestError` / `ReadError` of a refused or reset connection | 502 `bad_gateway` |
 * | got `TimeoutError` (ETIMEDOUT) | 504 `gateway_timeout` |
 * | ky `HTTPError` | 502 `bad_gateway` |
 * | ky `TimeoutError` | 504 `gateway_timeout` |
 * | `@error-contract/client`'s `ApiError` (any status) | 502 `bad_gateway` |
 * | a bare socket error: ECONNREFUSED, ECONNRESET, ... (ETIMEDOUT: 504) | 502 `bad_gateway` |
 *
 * An abort the app chose (an `AbortError`, axios's ERR_CANCELED without a timed-out signal) is
 * left alone, and so is our own client's request aborted while its body was read (Node's
 * `aborted`, ECONNRESET without a syscall): its connection is ours, not another service's. A bare socket error says nothing of whose connection it was: list the presets told
 * their servers (`redisErrors({ servers })`, `postgresErrors`...) before this one, so that a
 * database's refusal is their 503 and only the rest is 502.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { redisErrors, upstreamErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [redisErrors({ servers: process.env.REDIS_URL }), upstreamErrors()] });
 * // await fetch('http://inventory/items', { signal: AbortSignal.timeout(5000) }) times out -> 504 { code: 'gateway_timeout' }
 */
export function upstreamErrors(): ErrorMapper {
  return preset('upstreamErrors', [ANSWERS.badGateway, ANSWERS.gatewayTimeout], (error) => {
    if (error === null || typeof error !== 'object') return undefined;
    const failure = failureOf(error);
    if (failure === 'timeout') return gatewayTimeout();
    if (failure === 'answered' || failure === 'no_answer') return badGateway();
    return undefined;
  });
}
