export { acceptsJson, acceptsProblemJson } from './accept.js';
export { isBareErrorResponse, mayBeBareText, REPRESENTATION_HEADERS, staleHeaders } from './bare-response.js';
export type { BuiltinCode, Catalog, CatalogEntry, CodeOf, Localized } from './catalog.js';
export { createErrorContract, type ErrorContract, resolveContract } from './contract.js';
export { ContractError, isContractError, PROBLEM_MARK, type ProblemExtras, type ProblemInit } from './contract-error.js';
export { type Guidance, guidanceFor } from './docs/guidance.js';
export { type DocsHandler, type DocsResponse, type ErrorDocsOptions, errorDocs } from './docs/handler.js';
export { escapeHtml } from './docs/html.js';
export {
  badGateway,
  badRequest,
  conflict,
  forbidden,
  gatewayTimeout,
  gone,
  internalError,
  methodNotAllowed,
  notAcceptable,
  notFound,
  payloadTooLarge,
  preconditionFailed,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  unprocessableEntity,
  unsupportedMediaType,
  validationFailed,
} from './factories.js';
export { fetchFailureToAnswer, fetchRequestLike, isContractResponse, markContractResponse, pathOfUrl, toFetchResponse } from './fetch.js';
export { headersOver, mergeVary, readHeader, safeHeaderValue } from './headers.js';
export { negotiateLanguage } from './language.js';
export { activeTraceId } from './observability/active-span.js';
export type { ErrorLogger, LogFields } from './observability/log-line.js';
export { assertKnownOptions } from './option-keys.js';
export { type AcceptPolicy, CONTRACT_OPTION_KEYS, type ErrorContractOptions, type Translations } from './options.js';
export { type ErrorMapper, type MappedError, type MapperAnswer, type MapperTools } from './mapping.js';
export { formatAllow, problem, problems, type ServiceUnavailableOptions, type TooManyRequestsOptions, type UnauthorizedOptions } from './problems.js';
export { firstSegment, pathOfTarget, withoutDotSegments, withoutQuery } from './path.js';
export { isMalformedPath } from './request-checks.js';
export { type RouteMissesByPath, routeMissesByPath } from './route-misses-by-path.js';
export { rememberedRouteMiss, routeMiss } from './routing.js';
export { documentedCodes, type KnownCode, knownCodes, SPEC_CODES } from './schema/codes.js';
export { type ErrorComponentsOptions, errorComponents, type OpenApiFragment, responseName, SCHEMA_NAMES } from './schema/components.js';
export { type ErrorResponsesOptions, type OpenApiDocument, withErrorResponses } from './schema/operations.js';
export { acceptPolicyOf, shapeAt, typeBaseOf } from './schema/probe.js';
export { compactErrorsSchema, detailedProblemSchema, type JsonSchema } from './schema/schemas.js';
export { codeForStatus, reasonPhrase, SPEC_STATUSES } from './statuses.js';
export { traceIdOf } from './trace-id.js';
export type { ErrorResponse, FieldError, HeaderBag, Problem, RequestLike, Shape } from './types.js';
export { fieldErrorsOf } from './validation/field-errors.js';
export { fieldPointer } from './validation/field-path.js';
export { type ValidatorFailure, validatorFailureOf } from './validation/validator-answer.js';
