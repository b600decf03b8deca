// The headers of an answer: those the contract writes with an error, and how they go over the
// headers the app already set on the response (its `Vary` added to, its challenge kept).
import { safeHeaderValue } from '../deciding/client-headers.js';
import type { ErrorResponse, Problem } from '../types.js';

/**
 * A `Vary` value with `added` in it, keeping what the app already varies on (CORS's `Origin`):
 * an error response adds to `Vary`, never replaces it. `existing` as Node's or the Fetch API's
 * header getters return it.
 *
 * @example
 * mergeVary('Origin', 'Accept-Language'); // 'Origin, Accept-Language'
 * mergeVary(undefined, 'Accept-Language'); // 'Accept-Language'
 */
export function mergeVary(existing: unknown, added: string): string {
  const current = typeof existing === 'string' ? existing.trim() : Array.isArray(existing) ? existing.join(', ') : '';
  if (current === '') return added;
  const names = current.split(',').map((name) => name.trim().toLowerCase());
  return names.includes('*') || names.includes(added.toLowerCase()) ? current : `${current}, ${added}`;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/**
 * The headers to write for a contract answer on a response that may already carry headers of the
 * app's: a `Vary` the app set is added to (its values first), and a header that is only the
 * contract's default (`response.defaultHeaders`: a 401's challenge from the `challenge` option)
 * is left out where the response already has one, so a challenge the app set stays (RFC 9110
 * section 15.5.2 is met by either). `existing` reads a header of the response, by lower-case
 * name; it is asked for those headers only, and `response.headers` itself is returned when there
 * is nothing to merge.
 *
 * @example
 * for (const [name, value] of Object.entries(headersOver(answer, (name) => res.getHeader(name)))) res.setHeader(name, value);
 */
export function headersOver(response: ErrorResponse, existing: (name: string) => unknown): Record<string, string> {
  const { headers, defaultHeaders } = response;
  if (headers.vary === undefined && defaultHeaders === undefined) return headers;
  const written = { ...headers };
  if (written.vary !== undefined) written.vary = mergeVary(existing('vary'), written.vary);
  if (defaultHeaders !== undefined) for (const name of defaultHeaders) if (present(existing(name))) delete written[name];
  return written;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** The headers of an error response: the problem's own (checked again), then the contract's. */
export function responseHeaders(problem: Problem, contentType: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name in problem.headers) {
    const value = safeHeaderValue(problem.headers[name]);
    const lower = name.toLowerCase();
    if (value !== undefined && HEADER_NAME.test(lower)) headers[lower] = value;
  }
  // An error is about this request only: no cache may keep it (RFC 9111 section 5.2.2.5).
  headers['cache-control'] = 'no-store';
  if (problem.language !== undefined) {
    headers['content-language'] = problem.language;
    // adapters add this to a Vary the app set (CORS's Origin), never replace it
    headers.vary = 'Accept-Language';
  }
  headers['content-type'] = contentType;
  return headers;
}
