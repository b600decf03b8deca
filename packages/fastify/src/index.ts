export { errorContract, type FastifyErrorContractOptions } from './plugin.js';
export { type RateLimitContext, rateLimitError } from './rate-limit.js';
