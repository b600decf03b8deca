// What a rate limiter told its client about when to come back, read the same way for every
// framework's usual limiter (express-rate-limit, hono-rate-limiter, koa-ratelimit): the header it
// set, else the time its window resets.

/**
 * Seconds until the client may retry, from a limiter's own `Retry-After` header (a number of
 * seconds; an empty or absent header is none) or else its window's reset time (a `Date`);
 * undefined when it said neither. Hand it to `problems.tooManyRequests({ retryAfter })`, which
 * rounds it to whole seconds.
 *
 * @example
 * limiterRetryAfter(res.getHeader('retry-after'), req.rateLimit?.resetTime); // 42
 * limiterRetryAfter(undefined, new Date(Date.now() + 1500)); // about 1.5
 */
export function limiterRetryAfter(header: unknown, resetTime?: unknown): number | undefined {
  if ((typeof header === 'string' && header.trim() !== '') || typeof header === 'number') {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  if (resetTime instanceof Date) {
    const seconds = (resetTime.getTime() - Date.now()) / 1000;
    if (Number.isFinite(seconds)) return seconds;
  }
  return undefined;
}
