import { codeForStatus as codeOf, reasonPhrase as phraseOf } from '@error-contract/http-status';

// What a client is told when the error's own message may not be shown.
const GENERIC_DETAILS: Readonly<Record<number, string>> = {
  400: 'The request is not formatted properly.',
  401: 'The request requires authentication.',
  403: 'The request is not permitted.',
  404: 'The requested resource was not found.',
  405: 'The method is not supported by the addressed resource.',
  406: 'The request must accept a JSON response, e.g. Accept: application/json.',
  413: 'The request body is too large.',
  415: 'The request body has an unsupported media type or encoding.',
  429: 'Too many requests; the rate limit is exceeded.',
  500: 'The service failed to process the request.',
};

/**
 * The statuses of the service's error specification: a ready allow-list for the `statuses` option.
 *
 * @example
 * const contract = createErrorContract({ statuses: SPEC_STATUSES }); // a 409 is sent as 400
 */
export const SPEC_STATUSES: readonly number[] = Object.freeze([400, 401, 403, 404, 405, 406, 429, 500]);

/** Whether `value` is an integer error status (400..599). */
export function isErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

/**
 * The reason phrase of an error status (`404` -> `Not Found`); unregistered ones get the class name.
 *
 * @example
 * reasonPhrase(429); // 'Too Many Requests'
 */
export function reasonPhrase(status: number): string {
  return phraseOf(status);
}

/**
 * The default code of a status: its reason phrase in lower_snake_case (`405` -> `method_not_allowed`).
 *
 * @example
 * codeForStatus(404); // 'not_found'
 */
export function codeForStatus(status: number): string {
  let code = CODES.get(status);
  if (code === undefined) CODES.set(status, (code = codeOf(status)));
  return code;
}

// Codes by status, made once: this runs for every error (http-status does not cache, for the client's size).
const CODES = new Map<number, string>();

/** A sentence for the client that says nothing about the error itself. */
export function genericDetail(status: number): string {
  return GENERIC_DETAILS[status] ?? `${reasonPhrase(status)}.`;
}
