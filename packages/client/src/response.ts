import type { ApiError } from './api-error.js';
import { MAX_PARSED_LENGTH, parseErrorBody } from './parse.js';

/** Reads at most `limit` characters of a body, then stops reading (a huge body costs no more). */
async function readText(response: Response, limit: number): Promise<string> {
  const body = response.bodyUsed ? null : response.body;
  if (!body) return '';
  // node-fetch 2 and some polyfills have a Node stream here, not a web one
  if (typeof body.getReader !== 'function') return (await response.text()).slice(0, limit + 1);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (let chunk; text.length <= limit && !(chunk = await reader.read()).done; ) text += decoder.decode(chunk.value, { stream: true });
    text += decoder.decode();
  } finally {
    reader.cancel().catch(() => {});
  }
  return text;
}

/** `ApiError.fromResponse`: the body once, whatever its Content-Type says; never rejects for a bad body. */
export async function readResponse<C extends string>(response: Response): Promise<ApiError<C>> {
  let text = '';
  try {
    text = await readText(response, MAX_PARSED_LENGTH);
  } catch {
    // a body that breaks off mid-way is read as what arrived
  }
  return parseErrorBody<C>(response.status, text, response.headers);
}

/**
 * Returns the response when it is `ok`; otherwise throws it as an {@link ApiError}.
 *
 * @example
 * const widgets = await (await ensureOk(fetch('/api/client/v2/widgets', { headers }))).json();
 */
export async function ensureOk(response: Response | Promise<Response>): Promise<Response> {
  const resolved = await response;
  if (resolved.ok) return resolved;
  throw await readResponse(resolved);
}
