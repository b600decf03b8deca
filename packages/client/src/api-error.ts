import { isObject, type Json } from './read.js';
import { readResponse } from './response.js';

/** Marks our errors: a registered symbol, so two copies of this package recognise each other's. */
const API_ERROR = Symbol.for('error-contract.api-error');

/** Which of the two shapes the body was in; `unknown` for anything else (HTML, text, empty). */
export type BodyShape = 'detailed' | 'compact' | 'unknown';

/** One problem, as the compact shape lists them. */
export interface ApiProblem {
  code: string;
  message: string;
}

/** One offending field, as the detailed shape lists them. */
export interface ApiFieldError {
  field: string;
  detail: string;
}

/** What {@link ApiError}'s constructor takes: everything already read from the response. */
export interface ApiErrorInit<C extends string = string> {
  status: number;
  code: C;
  message: string;
  title?: string;
  type?: string;
  instance?: string;
  problems: ApiProblem[];
  fieldErrors: ApiFieldError[];
  body: unknown;
  shape: BodyShape;
  headers: Headers;
  extensions: Json;
}

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
  readonly status: number;
  /** The first problem's code; derived from the status when the body has none (`404` -> `not_found`). */
  readonly code: C;
  readonly title: string | undefined;
  readonly type: string | undefined;
  readonly instance: string | undefined;
  /** Every problem: one per compact element, or one per field problem of the detailed shape. */
  readonly problems: ApiProblem[];
  readonly fieldErrors: ApiFieldError[];
  /** The parsed body, or its text when it was not JSON. */
  readonly body: unknown;
  readonly shape: BodyShape;
  /** The response's headers (`Retry-After`, `WWW-Authenticate`, ...). */
  readonly headers: Headers;
  /** Members of a detailed body that are not the standard ones, kept as they came. */
  readonly extensions: Json;

  constructor(init: ApiErrorInit<C>) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.type = init.type;
    this.instance = init.instance;
    this.problems = init.problems;
    this.fieldErrors = init.fieldErrors;
    this.body = init.body;
    this.shape = init.shape;
    this.headers = init.headers;
    this.extensions = init.extensions;
  }

  /**
   * Reads a failed `Response` (its body once, whatever its Content-Type says) into an ApiError.
   * Never rejects for a bad body: an unreadable one gives an ApiError with `shape: 'unknown'`.
   *
   * @example
   * const res = await fetch(url);
   * if (!res.ok) throw await ApiError.fromResponse<'widget_locked'>(res);
   */
  static async fromResponse<C extends string = string>(response: Response): Promise<ApiError<C>> {
    return readResponse<C>(response);
  }
}

/**
 * Whether a value is an {@link ApiError}, also one made by another copy of this package
 * (a marker, not `instanceof`).
 *
 * @example
 * if (isApiError(error) && error.status === 401) redirectToLogin();
 */
export function isApiError<C extends string = string>(value: unknown): value is ApiError<C> {
  try {
    return isObject(value) && (value as { [API_ERROR]?: unknown })[API_ERROR] === true;
  } catch {
    return false;
  }
}
