export { bareStatusHook } from './bare-status.js';
export { checkRequestHook } from './check-request.js';
export { errorResponses, type ErrorResponsesOptions, type FastifyErrorResponse } from './error-responses.js';
export { type FrameworkErrorsHandler, frameworkErrors } from './framework-errors.js';
export { errorContract, type FastifyErrorContractOptions } from './plugin.js';
export { type RateLimitContext, rateLimitError } from './rate-limit.js';
export { routeMissOf } from './route-methods.js';
export { routeTemplateOf } from './route-template.js';
export { sendResponse } from './write-reply.js';
