import type { ApiError } from './api-error.js';

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
export function retryAfterSeconds(error: Pick<ApiError, 'status' | 'headers'>, now: number = Date.now()): number | undefined {
  const value = error.headers.get('retry-after')?.trim() ?? '';
  if (error.status !== 429 && error.status !== 503) return undefined;
  if (/^\d+$/.test(value)) return +value;
  // Every HTTP-date form (RFC 9110 section 5.6.7) starts with a day name; Date.parse alone would
  // read "-5" or "1.5" as years.
  const date = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : NaN;
  return isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
