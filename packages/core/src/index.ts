// `@error-contract/core`: what an app writes. The contract and its options, the errors to throw,
// the types an app names, the contract published (OpenAPI, docs pages) and the trace id for its own
// log lines. The pieces an adapter is built from are `@error-contract/core/adapter` (./adapter.ts).
export type { BuiltinCode, Catalog, CatalogEntry, CodeOf, Localized } from './contract/catalog.js';
export { createErrorContract, type ErrorContract } from './contract/contract.js';
export { ContractError, isContractError, PROBLEM_MARK, type ProblemExtras, type ProblemInit } from './failures/contract-error.js';
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
} from './failures/factories.js';
export { readHeader } from './request/read-header.js';
export { activeTraceId } from './observability/active-span.js';
export type { ErrorLogger, LogFields } from './observability/log-line.js';
export { type AcceptPolicy, type ErrorContractOptions, type Translations } from './contract/options.js';
export { type ErrorMapper, type MappedError, type MapperAnswer, type MapperTools } from './mapping/map-option.js';
export { problem, problems, type ServiceUnavailableOptions, type TooManyRequestsOptions, type UnauthorizedOptions } from './failures/problems.js';
export { documentedCodes, type KnownCode, knownCodes, SPEC_CODES } from './schema/codes.js';
export { type ErrorComponentsOptions, errorComponents, type OpenApiFragment, responseName, SCHEMA_NAMES } from './schema/components.js';
export { type ErrorResponsesOptions, type OpenApiDocument, withErrorResponses } from './schema/operations.js';
export { compactErrorsSchema, detailedProblemSchema, type JsonSchema } from './schema/schemas.js';
export { SPEC_STATUSES } from './base/statuses.js';
export { traceIdOf } from './observability/trace-id.js';
export type { ErrorResponse, FieldError, HeaderBag, Problem, RequestLike, Shape } from './types.js';
export { fieldErrorsOf } from './validation/field-errors.js';
export { fieldPointer } from './validation/field-path.js';
