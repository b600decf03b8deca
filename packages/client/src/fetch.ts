import { ensureOk } from './response.js';

/**
 * A `fetch` that throws an {@link ApiError} for every response that is not `ok`, and resolves
 * only with ok ones. Wraps `fetchImpl`, or the global `fetch` as it is at each call (so a test's
 * stub or a polyfill installed later is used).
 *
 * @example
 * const api = createFetch();
 * try {
 *   const widget = await (await api('/api/widgets/9')).json();
 * } catch (error) {
 *   if (isApiError(error, 'not_found')) showEmptyState();
 *   else throw error;
 * }
 */
export function createFetch(fetchImpl?: typeof fetch): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return (input, init) => ensureOk((fetchImpl ?? fetch)(input, init));
}
