export { errorContract, type FetchHandler, type HonoErrorContract, type ValidationResult } from './error-contract.js';
export { type ErrorHeader, type ErrorResponsesOptions, errorResponses, type ErrorStatuses, type HonoErrorResponse } from './error-responses.js';
export { routeTemplateOf } from './route-template.js';
