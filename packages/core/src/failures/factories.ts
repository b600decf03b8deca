// Errors named for their meaning, as Boom names its factories: each one sets its own status,
// code and headers. They wrap the plain forms in `problems.ts`, so both always agree.
import { ContractError, type ProblemExtras } from './contract-error.js';
import { problems, type ServiceUnavailableOptions, type TooManyRequestsOptions, type UnauthorizedOptions } from './problems.js';
import type { FieldError } from '../types.js';

/**
 * 400 `bad_request`: the request is not formatted properly.
 * @example throw badRequest('The cursor is not valid.');
 */
export const badRequest = (detail?: string, extras?: ProblemExtras): ContractError =>
  ContractError.from(problems.badRequest(detail, extras));

/**
 * 400 `validation_failed` with one entry per offending field.
 * @example throw validationFailed([{ field: 'name', detail: 'Required' }]);
 */
export const validationFailed = (fieldErrors: FieldError[], detail?: string): ContractError =>
  ContractError.from(problems.validationFailed(fieldErrors, detail));

/**
 * 401 `unauthorized`, with the `WWW-Authenticate` challenge the client should answer.
 * @example throw unauthorized({ challenge: 'Bearer realm="widgets"' });
 */
export const unauthorized = (options?: UnauthorizedOptions): ContractError =>
  ContractError.from(problems.unauthorized(options));

/**
 * 403 `forbidden`: authenticated, but not permitted.
 * @example throw forbidden('Readers cannot delete widgets.');
 */
export const forbidden = (detail?: string): ContractError => ContractError.from(problems.forbidden(detail));

/**
 * 404 `not_found`.
 * @example throw notFound(`No widget has the id ${JSON.stringify(id)}.`);
 */
export const notFound = (detail?: string): ContractError => ContractError.from(problems.notFound(detail));

/**
 * 405 `method_not_allowed`, with `Allow` listing the methods the resource has.
 * @example throw methodNotAllowed(['GET', 'POST']); // Allow: GET, HEAD, POST
 */
export const methodNotAllowed = (allowedMethods: Iterable<string>, detail?: string): ContractError =>
  ContractError.from(problems.methodNotAllowed(allowedMethods, detail));

/**
 * 406 `not_acceptable`: the client does not accept JSON.
 * @example throw notAcceptable();
 */
export const notAcceptable = (detail?: string): ContractError => ContractError.from(problems.notAcceptable(detail));

/**
 * 409 `conflict`: the request conflicts with the resource's current state (a duplicate, a stale edit).
 * @example throw conflict('A widget named "Sprocket" already exists.');
 */
export const conflict = (detail?: string): ContractError => ContractError.from(problems.conflict(detail));

/**
 * 410 `gone`: the resource existed and was removed for good.
 * @example throw gone('Widget 7 was retired.');
 */
export const gone = (detail?: string): ContractError => ContractError.from(problems.gone(detail));

/**
 * 412 `precondition_failed`: an `If-Match` or `If-Unmodified-Since` did not hold.
 * @example throw preconditionFailed('The widget changed since you read it.');
 */
export const preconditionFailed = (detail?: string): ContractError => ContractError.from(problems.preconditionFailed(detail));

/**
 * 413 `payload_too_large`.
 * @example throw payloadTooLarge('Uploads are limited to 100 kB.');
 */
export const payloadTooLarge = (detail?: string): ContractError => ContractError.from(problems.payloadTooLarge(detail));

/**
 * 415 `unsupported_media_type`: the body is not in a media type the endpoint reads.
 * @example throw unsupportedMediaType('Send the body as application/json.');
 */
export const unsupportedMediaType = (detail?: string): ContractError => ContractError.from(problems.unsupportedMediaType(detail));

/**
 * 429 `too_many_requests`, with `Retry-After` in whole seconds.
 * @example throw tooManyRequests({ retryAfter: 30 });
 */
export const tooManyRequests = (options?: TooManyRequestsOptions): ContractError =>
  ContractError.from(problems.tooManyRequests(options));

/**
 * 422 `unprocessable_entity`: the request is well-formed, but its content cannot be processed.
 * For field problems use `validationFailed` (with the contract's `validationStatus: 422` if wanted).
 * @example throw unprocessableEntity('The order has no items.');
 */
export const unprocessableEntity = (detail?: string, extras?: ProblemExtras): ContractError =>
  ContractError.from(problems.unprocessableEntity(detail, extras));

/**
 * 503 `service_unavailable`, with `Retry-After` in whole seconds when given. Every status has a
 * plain form too: `problem(status, detail, extras)` for the ones without a factory.
 * @example throw serviceUnavailable({ retryAfter: 5, detail: 'The database is restarting.' });
 */
export const serviceUnavailable = (options?: ServiceUnavailableOptions): ContractError =>
  ContractError.from(problems.serviceUnavailable(options));

/**
 * 502 `bad_gateway`: a service this one called gave no usable answer (it refused the connection,
 * reset it, or answered with an error), RFC 9110 section 15.6.3. The detail is logged, never sent.
 * @example throw badGateway('inventory service refused the connection', { cause: err });
 */
export const badGateway = (detail?: string, extras?: ProblemExtras): ContractError =>
  ContractError.from(problems.badGateway(detail, extras));

/**
 * 504 `gateway_timeout`: a service this one called did not answer in time, RFC 9110 section
 * 15.6.5. The detail is logged, never sent.
 * @example throw gatewayTimeout('inventory service: no answer in 5 s', { cause: err });
 */
export const gatewayTimeout = (detail?: string, extras?: ProblemExtras): ContractError =>
  ContractError.from(problems.gatewayTimeout(detail, extras));

/**
 * 500 `internal_server_error`. The detail is logged, never sent: the client gets a generic text.
 * @example throw internalError('inventory service returned garbage', { cause: err });
 */
export const internalError = (detail?: string, extras?: ProblemExtras): ContractError =>
  ContractError.from(problems.internalError(detail, extras));
