// The trust rule: what of a thrown value may reach a client. One rule, for every framework.
//
// - Status: any value that declares an integer error status (`status`, `statusCode`, Boom's
//   `output.statusCode`) sets it, as Express's final handler and Koa do, except an HTTP client's
//   error about an upstream response: what another server told us is not what we tell our client,
//   so that is a 500 (the opt-in `upstreamErrors` preset of core/presets makes it a 502 or 504, read
//   with `upstreamAnswered` below, and passes on nothing more).
// - Message, field errors and headers: only from a value known to be meant for clients, and only
//   with a 4xx status. Known to be meant for clients: our own problems, an object that says
//   `expose: true` (Koa's rule; http-errors sets it for every 4xx, so `ctx.throw` and body-parser
//   qualify), Boom, Hono's `HTTPException`, and Fastify's own errors (`@fastify/error`'s
//   `FastifyError`, and the schema validation failure Fastify builds as a plain Error with code
//   `FST_ERR_VALIDATION`), and Nest's `HttpException` and its subclasses (unless their message is
//   one Nest made up: the class name, or the throttler's default). A 5xx carries nothing from the
//   thrown value.
// - Which headers: the allow-list of client-headers.ts (`Allow`, `Retry-After`, `WWW-Authenticate`,
//   rate-limit headers), each checked against header injection.
import { read, readString } from '../base/safe-read.js';

/** Marks of the HTTP clients' errors about an upstream response. */
const UPSTREAM_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_RESPONSE_STATUS_CODE', // undici's ResponseStatusCodeError
  'ERR_NON_2XX_3XX_RESPONSE', // got's HTTPError
]);
// Our own client's ApiError: an error another service answered us with.
const API_ERROR = Symbol.for('error-contract.api-error');

function isObject(value: unknown): value is object {
  return value !== null && (typeof value === 'object' || typeof value === 'function');
}

/**
 * Whether a thrown value is an HTTP client's error about a response another server sent: axios
 * (`isAxiosError`, with or without a response), undici and got (their codes), ky, got and
 * superagent-style errors that carry the `response` they failed on, and our own client's
 * `ApiError`. `code` is the value's code, when the caller has read it already.
 */
export function isUpstreamError(error: unknown, code: string | undefined = readString(error, 'code')): boolean {
  if (!isObject(error)) return false;
  return read(error, 'isAxiosError') === true || upstreamAnswered(error, code);
}

/**
 * Whether a thrown value is an HTTP client's error about an error response another server did send
 * (not a failure to get one): axios with a `response`, undici's and got's status errors, ky's and
 * got's errors that carry the `response`, and our own client's `ApiError`. The `upstreamErrors`
 * preset answers these 502.
 */
export function upstreamAnswered(error: unknown, code: string | undefined = readString(error, 'code')): boolean {
  if (!isObject(error)) return false;
  if (read(error, API_ERROR) === true) return true;
  if (code !== undefined && UPSTREAM_CODES.has(code)) return true;
  // Nest's HttpException keeps the body it will send in `response` (`{ statusCode, message }`):
  // that is its own answer, not another server's.
  if (isNestHttpException(error)) return false;
  const response = read(error, 'response');
  return isObject(response) && (typeof read(response, 'status') === 'number' || typeof read(response, 'statusCode') === 'number');
}

/**
 * Nest's `HttpException` (and `NotFoundException`, `ThrottlerException`, ...): an Error with the
 * functions `getStatus()` and `getResponse()` (Hono's `HTTPException` has no `getStatus`).
 */
function isNestHttpException(error: object): boolean {
  return typeof read(error, 'getStatus') === 'function' && typeof read(error, 'getResponse') === 'function';
}

// @nestjs/throttler's default message: the library's name, not a sentence the app wrote.
const THROTTLER_DEFAULT = 'ThrottlerException: Too Many Requests';

/**
 * Whether a Nest `HttpException`'s message is one the app wrote: Nest takes `message` from the
 * exception's response when that is a string or holds a string `message`; otherwise (no text, or
 * ValidationPipe's list of sentences) it makes one up from the class name (`Bad Request
 * Exception`), which is not for a client, nor is the throttler's default.
 */
function hasOwnNestMessage(error: object): boolean {
  const response = read(error, 'response');
  const text = typeof response === 'string' ? response : readString(response, 'message');
  return text !== undefined && text !== THROTTLER_DEFAULT;
}

/** Hono's `HTTPException`: an Error with a `getResponse()` and its own `res` slot. */
function isHonoHttpException(error: object): boolean {
  if (typeof read(error, 'getResponse') !== 'function') return false;
  try {
    return Object.hasOwn(error, 'res');
  } catch {
    return false;
  }
}

// @fastify/error marks every error it makes with this symbol on the prototype (v4); older versions
// only name them, so the name with an `FST_`-style code counts too.
const FASTIFY_ERROR = Symbol.for('fastify-error-generic');

/**
 * Fastify's own errors, recognised by marker or shape (never `instanceof`: an app may hold two
 * copies): what `@fastify/error`'s `createError` makes (Fastify's body, routing and rate-limit
 * errors, and an app's own), and the schema validation failure, a plain Error that Fastify marks
 * with code `FST_ERR_VALIDATION` and the part of the request it validated.
 */
function isFastifyError(error: object): boolean {
  if (read(error, FASTIFY_ERROR) === true) return true;
  const code = readString(error, 'code');
  if (code === undefined) return false;
  if (readString(error, 'name') === 'FastifyError') return true;
  return code === 'FST_ERR_VALIDATION' && typeof read(error, 'validationContext') === 'string';
}

/**
 * Whether a thrown value is known to be meant for clients, so that its message, field errors and
 * allowed headers may be sent with a 4xx: `expose: true` (http-errors, Koa), Boom, Hono's
 * `HTTPException`, Fastify's errors, Nest's `HttpException` with a message of the app's. `expose:
 * false` says no, whatever the kind. Our own problems are judged apart.
 */
export function isMeantForClients(error: unknown): boolean {
  if (!isObject(error)) return false;
  const expose = read(error, 'expose');
  if (expose === false) return false;
  if (expose === true || read(error, 'isBoom') === true || isHonoHttpException(error) || isFastifyError(error)) return true;
  return isNestHttpException(error) && hasOwnNestMessage(error);
}
