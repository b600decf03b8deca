import type { JsonObject } from 'type-fest';
import type { ApiErrorInit, ApiFieldError, ApiProblem, BodyShape } from './api-error-init.js';
import type { Dialect } from './dialects/index.js';
import { isObject } from './read.js';
import { readErrorInit } from './response-body.js';
import { retryAfterSeconds } from './retry-after.js';

export type { ApiErrorInit, ApiFieldError, ApiProblem, BodyShape } from './api-error-init.js';

/** Marks our errors: a registered symbol, so two copies of this package recognise each other's. */
const API_ERROR = Symbol.for('error-contract.api-error');

/**
 * A failed response, read into one error whatever shape its body had. `status` is the HTTP
 * status, always (the specification's authoritative error class). Pass your catalog's codes as
 * `C` to make `code` a typed union.
 *
 * @example
 * try {
 *   await ensureOk(await fetch('/api/client/v2/widgets/9', { headers: { accept: 'application/json' } }));
 * } catch (error) {
 *   if (isApiError(error) && error.code === 'not_found') console.log(error.message);
 * }
 */
export class ApiError<C extends string = string> extends Error {
  readonly [API_ERROR] = true as const;
  /** The HTTP status of the response. */
  declare readonly status: number;
  /** The first problem's code; derived from the status when the body has none (`404` -> `not_found`). */
  declare readonly code: C;
  declare readonly title: string | undefined;
  declare readonly type: string | undefined;
  declare readonly instance: string | undefined;
  /**
   * Every problem: one per element of the body's list (compact, JSON:API, GraphQL, GitHub...),
   * a field problem led by its field (`name: Required`); else the one problem the body is.
   */
  declare readonly problems: ApiProblem[];
  declare readonly fieldErrors: ApiFieldError[];
  /** The parsed body, or its text when it was not JSON. */
  declare readonly body: unknown;
  declare readonly shape: BodyShape;
  /**
   * The dialect the body was written in, read from the body (never from the URL).
   *
   * @example
   * if (error.dialect === 'html') console.warn('a proxy answered, not the API');
   */
  readonly dialect: Dialect = 'unknown';
  /**
   * The id to quote to the API's operators: the body's `traceId`/`trace_id`/`requestId`, else
   * the trace-id of a `traceparent` header, else `X-Request-Id`/`Request-Id`.
   *
   * @example
   * showToast(`Something went wrong (reference ${error.traceId ?? 'none'})`);
   */
  declare readonly traceId: string | undefined;
  /** The response's headers (`Retry-After`, `WWW-Authenticate`, ...). */
  declare readonly headers: Headers;
  /** Members of a JSON body that are not the standard problem-details ones, kept as they came. */
  declare readonly extensions: JsonObject;
  /**
   * Milliseconds to wait before retrying, from `Retry-After` (seconds or an HTTP date, counted from
   * when the error was read) on a 429 or 503; undefined otherwise. `RateLimit-Reset` and
   * `X-RateLimit-Reset` are not read: some servers send seconds, others an epoch time.
   *
   * @example
   * if (error.retryAfter !== undefined) await new Promise((resolve) => setTimeout(resolve, error.retryAfter));
   */
  declare readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit<C>) {
    super(init.message);
    this.name = 'ApiError';
    // Every member of init but what the class and Error have on their prototypes: an init rebuilt
    // from JSON may carry `__proto__`, `is` or `name`, which must not replace its prototype,
    // methods or name. (`message` is Error's too, and was given to super.)
    for (const member in init) if (!(member in ApiError.prototype)) (this as Record<string, unknown>)[member] = init[member as keyof ApiErrorInit<C>];
    const seconds = retryAfterSeconds(this);
    (this as { retryAfter?: number }).retryAfter = seconds && seconds * 1000;
  }

  /**
   * Whether the code is one of these; narrows `code` to them.
   *
   * @example
   * if (error.is('widget_locked')) showLockedBanner(error.message);
   */
  is<K extends C>(...codes: K[]): this is ApiError<K> {
    return (codes as string[]).includes(this.code);
  }

  /**
   * Reads a failed `Response` (its body once, whatever its Content-Type says) into an ApiError,
   * in whichever dialect the body is. Never rejects for a bad body: an unreadable one gives an
   * ApiError with `dialect: 'unknown'`.
   *
   * @example
   * const res = await fetch(url);
   * if (!res.ok) throw await ApiError.fromResponse<'widget_locked'>(res);
   */
  static async fromResponse<C extends string = string>(response: Response): Promise<ApiError<C>> {
    return new ApiError<C>((await readErrorInit(response)) as ApiErrorInit<C>);
  }
}

/**
 * Whether a value is an {@link ApiError}, also one made by another copy of this package
 * (a marker, not `instanceof`); with codes, also whether its code is one of them, narrowing
 * `code` to them.
 *
 * @example
 * if (isApiError(error) && error.status === 401) redirectToLogin();
 * if (isApiError(error, 'not_found')) error.code; // 'not_found'
 */
export function isApiError<C extends string = string>(value: unknown, ...codes: C[]): value is ApiError<C> {
  try {
    return isObject(value) && (value as { [API_ERROR]?: unknown })[API_ERROR] === true && (!codes.length || codes.includes(value.code as C));
  } catch {
    return false;
  }
}
