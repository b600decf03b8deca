export { type ElysiaErrorContract, errorContract } from './error-contract.js';
export type { CompactErrorBody, DetailedErrorBody } from '@error-contract/core/openapi';
export { type ErrorBodyOf, type ErrorCodesByStatus, type ErrorResponseSchema, type ErrorResponseSchemas, type ErrorResponsesOptions, errorResponses } from './error-responses.js';
