// A response's error body, read once and at most MAX_PARSED_LENGTH characters of it.
import type { ApiErrorInit } from './api-error-init.js';
import { MAX_PARSED_LENGTH, readErrorBody } from './read-error-body.js';

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

/** What `ApiError.fromResponse` makes its error of: the body once, whatever its Content-Type says; never rejects for a bad body. */
export async function readErrorInit(response: Response): Promise<ApiErrorInit> {
  // a body that breaks off mid-way is read as no body: the status still says what failed
  return readErrorBody(response.status, await readText(response, MAX_PARSED_LENGTH).catch(() => ''), response.headers);
}
