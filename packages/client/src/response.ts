import { ApiError } from './api-error.js';

/**
 * Returns the response when it is `ok`; otherwise throws it as an {@link ApiError}.
 *
 * @example
 * const widgets = await (await ensureOk(fetch('/api/client/v2/widgets', { headers }))).json();
 */
export async function ensureOk(response: Response | Promise<Response>): Promise<Response> {
  const resolved = await response;
  if (resolved.ok) return resolved;
  throw await ApiError.fromResponse(resolved);
}
