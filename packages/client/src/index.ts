export { ApiError, type ApiErrorInit, type ApiFieldError, type ApiProblem, type BodyShape, isApiError } from './api-error.js';
export type { CatalogCodes } from './catalog.js';
export type { OperationErrorCode } from './operation-codes.js';
export type { Dialect } from './dialects/index.js';
export { createFetch } from './fetch.js';
export { parseErrorBody } from './parse.js';
export { ensureOk } from './response.js';
export { retryAfterSeconds } from './retry-after.js';
