import { type ErrorResponse, isBareErrorResponse, REPRESENTATION_HEADERS } from '@error-contract/core';
import type { Context } from 'hono';

/** A contract response as a Web `Response`. */
export function toResponse(response: ErrorResponse, base?: Headers): Response {
  const headers = new Headers(base);
  for (const name of REPRESENTATION_HEADERS) headers.delete(name);
  for (const [name, value] of Object.entries(response.headers)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}

/**
 * A contract response through the context, so headers set earlier with `c.header()` (CORS,
 * rate-limit headers) stay; those of the abandoned body are removed.
 */
export function respondOn(c: Context, response: ErrorResponse): Response {
  for (const name of REPRESENTATION_HEADERS) c.header(name, undefined);
  return c.newResponse(response.body, response.status as never, response.headers);
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const MAX_BARE_TEXT = 64;

/**
 * Whether a finished response is an error left bare: `c.body(null, 403)`, or a reason phrase in
 * text (Hono's method-not-allowed middleware, `bodyLimit`'s default). JSON bodies (ours, or the
 * app's own) are left alone, so only small text bodies are ever read.
 */
export async function isBare(res: Response): Promise<boolean> {
  if (res.status < 400) return false;
  const type = res.headers.get('content-type') ?? undefined;
  if (type !== undefined && JSON_TYPE.test(type)) return false;
  if (res.body === null) return isBareErrorResponse(res.status, type, null);
  if (type !== undefined && !/^text\/plain\b/i.test(type)) return false;
  const length = Number(res.headers.get('content-length') ?? Number.NaN);
  if (length > MAX_BARE_TEXT) return false;
  const text = await res.clone().text();
  return text.length <= MAX_BARE_TEXT && isBareErrorResponse(res.status, type, text);
}
