import { type ContractError, forbidden, tooManyRequests } from '@error-contract/core';

/** What @fastify/rate-limit hands its `errorResponseBuilder`. */
export interface RateLimitContext {
  /** 429, or 403 once a client is banned (the plugin's `ban` option). */
  statusCode: number;
  /** Milliseconds until the window resets. */
  ttl: number;
  ban?: boolean;
}

/**
 * An `errorResponseBuilder` for @fastify/rate-limit: its refusal becomes the contract's 429 with
 * `Retry-After` in whole seconds (the plugin's `x-ratelimit-*` headers stay on the reply), worded as
 * on every other framework; a banned client's 403 becomes `forbidden`. Without it the plugin's own
 * 429 is still answered in the contract, with its own sentence as the detail.
 *
 * @example
 * import rateLimit from '@fastify/rate-limit';
 * import { rateLimitError } from '@error-contract/fastify';
 *
 * await app.register(rateLimit, { max: 100, timeWindow: '1 minute', errorResponseBuilder: rateLimitError });
 */
export function rateLimitError(_request: unknown, context: RateLimitContext): ContractError {
  if (context?.ban === true || context?.statusCode === 403) return forbidden();
  const ttl = Number(context?.ttl);
  return tooManyRequests({ retryAfter: Number.isFinite(ttl) && ttl > 0 ? ttl / 1000 : undefined });
}
