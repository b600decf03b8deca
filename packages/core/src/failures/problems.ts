import { PROBLEM_MARK, type ProblemExtras, type ProblemInit } from './contract-error.js';
import type { FieldError } from '../types.js';
import { MAX_DEPTH, MAX_FIELD_ERRORS } from '../validation/field-errors.js';

/**
 * Builds the plain form of a problem: no `Error`, no stack. Adapters pass these to
 * `contract.respond` on paths the framework leaves silent (404, 405, 406, 429).
 *
 * @example
 * contract.respond(problem(409, 'The widget is locked.', { code: 'widget_locked' }), request);
 */
export function problem(status: number, detail?: string, extras: ProblemExtras = {}): ProblemInit {
  return { [PROBLEM_MARK]: true, status, detail, ...extras };
}

// RFC 9110 section 5.6.2: a method is a token.
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The `Allow` value for a set of methods: upper-cased, de-duplicated, `HEAD` wherever `GET` is
 * (RFC 9110 section 9.3.2), in a stable order; anything that is not a method token is dropped.
 *
 * @example
 * formatAllow(['post', 'get']); // 'GET, HEAD, POST'
 */
export function formatAllow(methods: Iterable<string>): string {
  // A service has a handful of method sets, and this runs on every 405: remember the answers.
  const list = Array.isArray(methods) ? (methods as string[]) : [...methods];
  const key = list.join(',');
  const known = ALLOW_VALUES.get(key);
  if (known !== undefined) return known;
  const value = computeAllow(list);
  if (ALLOW_VALUES.size >= MAX_ALLOW_VALUES) ALLOW_VALUES.clear();
  ALLOW_VALUES.set(key, value);
  return value;
}

const ALLOW_VALUES = new Map<string, string>();
const MAX_ALLOW_VALUES = 256;

function computeAllow(methods: readonly string[]): string {
  const seen: string[] = [];
  for (const method of methods) {
    if (typeof method !== 'string' || !METHOD_TOKEN.test(method)) continue;
    const upper = method.toUpperCase();
    if (!seen.includes(upper)) seen.push(upper);
  }
  if (seen.includes('GET') && !seen.includes('HEAD')) seen.push('HEAD');
  const ordered = METHOD_ORDER.filter((method) => seen.includes(method));
  const others = seen.filter((method) => !METHOD_ORDER.includes(method)).sort();
  return ordered.concat(others).join(', ');
}

/** `Retry-After` in whole seconds (RFC 9110 section 10.2.3), from seconds or a date; undefined if unusable. */
export function formatRetryAfter(retryAfter: number | Date | undefined, now: number = Date.now()): string | undefined {
  const seconds = retryAfter instanceof Date ? (retryAfter.getTime() - now) / 1000 : retryAfter;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return undefined;
  return String(Math.max(0, Math.ceil(seconds)));
}

/** Options of {@link problems.unauthorized} and the `unauthorized` factory. */
export interface UnauthorizedOptions {
  /** The `WWW-Authenticate` challenge(s), e.g. `Bearer realm="widgets"` (RFC 9110 section 11.6.1). */
  challenge?: string | string[];
  detail?: string;
}

/** Options of {@link problems.tooManyRequests} and the `tooManyRequests` factory. */
export interface TooManyRequestsOptions {
  /** Seconds until the client may retry, or the moment it may; sent as whole seconds. */
  retryAfter?: number | Date;
  detail?: string;
  /** Rate-limit headers to pass on (`RateLimit-*`, `X-RateLimit-*`). */
  headers?: Record<string, string>;
}

/** Options of {@link problems.serviceUnavailable} and the `serviceUnavailable` factory. */
export interface ServiceUnavailableOptions {
  /** Seconds until the client may retry, or the moment it may; sent as `Retry-After` in whole seconds. */
  retryAfter?: number | Date;
  detail?: string;
}

/**
 * The plain forms of the problems the factories make, for adapters and hot paths.
 *
 * @example
 * contract.respond(problems.methodNotAllowed(['GET', 'POST']), request); // 405, Allow: GET, HEAD, POST
 */
export const problems = {
  badRequest: (detail?: string, extras?: ProblemExtras): ProblemInit => problem(400, detail, extras),
  validationFailed: (fieldErrors: FieldError[], detail?: string): ProblemInit =>
    problem(400, detail ?? fieldSummary(fieldErrors.length), { code: 'validation_failed', fieldErrors }),
  unauthorized: (options: UnauthorizedOptions = {}): ProblemInit => {
    const challenge = options.challenge === undefined ? [] : [options.challenge].flat();
    return problem(401, options.detail, challenge.length ? { headers: { 'www-authenticate': challenge.join(', ') } } : {});
  },
  forbidden: (detail?: string): ProblemInit => problem(403, detail),
  notFound: (detail?: string): ProblemInit => problem(404, detail),
  methodNotAllowed: (allowedMethods: Iterable<string>, detail?: string): ProblemInit =>
    problem(405, detail, { headers: { allow: formatAllow(allowedMethods) } }),
  notAcceptable: (detail?: string): ProblemInit => problem(406, detail),
  conflict: (detail?: string): ProblemInit => problem(409, detail),
  gone: (detail?: string): ProblemInit => problem(410, detail),
  preconditionFailed: (detail?: string): ProblemInit => problem(412, detail),
  payloadTooLarge: (detail?: string): ProblemInit => problem(413, detail),
  unsupportedMediaType: (detail?: string): ProblemInit => problem(415, detail),
  tooManyRequests: (options: TooManyRequestsOptions = {}): ProblemInit => {
    const headers: Record<string, string> = { ...options.headers };
    const retryAfter = formatRetryAfter(options.retryAfter);
    if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
    return problem(429, options.detail, { headers });
  },
  unprocessableEntity: (detail?: string, extras?: ProblemExtras): ProblemInit => problem(422, detail, extras),
  internalError: (detail?: string, extras?: ProblemExtras): ProblemInit => problem(500, detail, extras),
  badGateway: (detail?: string, extras?: ProblemExtras): ProblemInit => problem(502, detail, extras),
  serviceUnavailable: (options: ServiceUnavailableOptions = {}): ProblemInit => {
    const retryAfter = formatRetryAfter(options.retryAfter);
    return problem(503, options.detail, retryAfter === undefined ? {} : { headers: { 'retry-after': retryAfter } });
  },
  gatewayTimeout: (detail?: string, extras?: ProblemExtras): ProblemInit => problem(504, detail, extras),
};

/**
 * The detail of a validation failure: how many fields are wrong (the fields say how), and when a
 * bound cut the list short, that it did.
 */
export function fieldSummary(count: number, truncated = false): string {
  if (truncated) {
    return `The request has more invalid fields than the ${count} listed (at most ${MAX_FIELD_ERRORS} are listed, ${MAX_DEPTH} levels deep).`;
  }
  return count === 1 ? 'The request has 1 invalid field.' : `The request has ${count} invalid fields.`;
}
