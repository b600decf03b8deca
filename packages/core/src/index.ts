export { acceptsJson, acceptsProblemJson } from './accept.js';
export { isBareErrorResponse, mayBeBareText, REPRESENTATION_HEADERS, staleHeaders } from './bare-response.js';
export type { BuiltinCode, Catalog, CatalogEntry, CodeOf, Localized } from './catalog.js';
export { createErrorContract, type ErrorContract, resolveContract } from './contract.js';
export { ContractError, isContractError, PROBLEM_MARK, type ProblemExtras, type ProblemInit } from './contract-error.js';
export {
  badRequest,
  forbidden,
  internalError,
  methodNotAllowed,
  notAcceptable,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
  unsupportedMediaType,
  validationFailed,
} from './factories.js';
export { mergeVary, readHeader, safeHeaderValue } from './headers.js';
export { negotiateLanguage } from './language.js';
export type { AcceptPolicy, ErrorContractOptions, Translations } from './options.js';
export { formatAllow, problem, problems, type TooManyRequestsOptions, type UnauthorizedOptions } from './problems.js';
export { pathOfTarget, withoutDotSegments, withoutQuery } from './path.js';
export { isMalformedPath } from './request-checks.js';
export { routeMiss } from './routing.js';
export { codeForStatus, reasonPhrase, SPEC_STATUSES } from './statuses.js';
export { traceIdOf } from './trace-id.js';
export type { ErrorResponse, FieldError, HeaderBag, Problem, RequestLike, Shape } from './types.js';
export { fieldErrorsOf } from './validation/field-errors.js';
export { fieldPointer } from './validation/field-path.js';
export { type ValidatorFailure, validatorFailureOf } from './validation/validator-answer.js';
