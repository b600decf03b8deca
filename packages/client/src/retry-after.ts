// the longest wait a timer can hold, 2^31 - 1 ms, in whole seconds
const MAX_SECONDS = 2_147_483;

/**
 * Seconds to wait before retrying, from `Retry-After` (delta-seconds or an HTTP date, RFC 9110
 * section 10.2.3), for a 429 or 503; undefined for other statuses or an unusable header.
 *
 * @example
 * if (isApiError(error)) {
 *   const wait = retryAfterSeconds(error);
 *   if (wait !== undefined) await sleep(wait * 1000);
 * }
 */
export function retryAfterSeconds(error: { status: number; headers: Headers }, now: number = Date.now()): number | undefined {
  const value = error.headers.get('retry-after')?.trim() ?? '';
  if (error.status !== 429 && error.status !== 503) return undefined;
  // Every HTTP-date form (RFC 9110 section 5.6.7) starts with a day name; Date.parse alone would
  // read "-5" or "1.5" as years.
  const until = /^\d+$/.test(value) ? now + +value * 1000 : /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : NaN;
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  // A wait longer than a timer can hold (2^31 - 1 ms) is no usable wait: setTimeout would fire at once.
  return seconds <= MAX_SECONDS ? seconds : undefined;
}
