// `@error-contract/core/openapi`: the contract published as OpenAPI 3.1, for a document an app
// writes by hand or has a tool generate: the error responses each operation answers
// (`withErrorResponses`, `operationErrorCodes`), the components they refer to, and the codes.
export type { CompactErrorBody, DetailedErrorBody } from './error-bodies.js';
export { documentedCodes, type KnownCode, knownCodes, SPEC_CODES } from './codes.js';
export { SPEC_STATUSES } from '../base/statuses.js';
export { codeResponse, type ErrorComponentsOptions, errorComponents, type OpenApiFragment, pinnedSchemaName, responseName, SCHEMA_NAMES } from './components.js';
export { listedCodes } from './listed-codes.js';
export { type RouteErrorOptions, type RouteErrorStatus, routeErrorStatuses } from './route-error-statuses.js';
export { type ContractAnswers, ERROR_CODES_EXTENSION, type OperationFacts, operationErrorCodes } from './operation-codes.js';
export { compactErrorsSchema, detailedProblemSchema, type JsonSchema, pinnedCodeSchema } from './schemas.js';
export { type ErrorResponsesOptions, type OpenApiDocument, UNMATCHED_EXTENSION, withErrorResponses } from './with-error-responses.js';
