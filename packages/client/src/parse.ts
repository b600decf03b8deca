import { ApiError, type ApiErrorInit } from './api-error.js';
import { readErrorBody } from './read-error-body.js';

/**
 * Reads an error body in any dialect (see `Dialect` and the README's table) into an {@link ApiError}. `body` is
 * the parsed JSON or the raw text. Never throws: a member of the wrong type is ignored, a `status`
 * in the body that disagrees with the HTTP status is ignored, and a body no dialect knows still
 * gives an error with the status's code and reason phrase.
 *
 * @example
 * const error = parseErrorBody(404, { errors: [{ code: 'not_found', message: 'No widget 9' }] });
 * error.code; // 'not_found'
 * error.dialect; // 'compact'
 */
export function parseErrorBody<C extends string = string>(status: number, body: unknown, headers?: HeadersInit): ApiError<C> {
  return new ApiError<C>(readErrorBody(status, body, headers) as ApiErrorInit<C>);
}
