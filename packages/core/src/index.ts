// `@error-contract/core`: what an app writes. The contract and its options, the errors to throw,
// the types an app names and the trace id for its own log lines. The contract published is apart:
// its OpenAPI pieces in `@error-contract/core/openapi` (./openapi/index.ts), its docs pages in
// `@error-contract/core/docs` (./docs/index.ts). The pieces an adapter is built from are
// `@error-contract/core/adapter` (./adapter.ts).
export type { BuiltinCode, Catalog, CatalogEntry, CodeOf, Localized } from './contract/catalog.js';
export { createErrorContract, type ErrorContract } from './contract/contract.js';
export { ContractError, isContractError, type ProblemExtras, type ProblemInit } from './failures/contract-error.js';
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
export { activeTraceId } from './observability/active-span.js';
export type { ErrorLogger, LogFields } from './observability/log-line.js';
export { type AcceptPolicy, type ErrorContractOptions, type Translations } from './contract/options.js';
export { type ErrorMapper, type MappedError, type MapperAnswer, type MapperTools } from './mapping/map-option.js';
export { problem, problems, type ServiceUnavailableOptions, type TooManyRequestsOptions, type UnauthorizedOptions } from './failures/problems.js';
export { traceIdOf } from './observability/trace-id.js';
export type { ErrorResponse, FieldError, Problem, RequestLike, Shape } from './types.js';
