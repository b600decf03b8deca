import type { ErrorResponse } from '@error-contract/core';
import { headersOver, staleHeaders } from '@error-contract/core/adapter';
import type { Context } from 'koa';

/**
 * Sets a contract response on `ctx` for Koa to send. Unlike Koa's own `ctx.onerror`, which
 * removes every header, headers set for the client (CORS, `Vary`, cookies) stay. When the error
 * replaces a body a handler was making (`replacesBody`), that body's headers go; a route miss
 * skips that, since no handler ran.
 */
export function writeResponse(ctx: Context, response: ErrorResponse, { replacesBody = true }: { replacesBody?: boolean } = {}): void {
  if (replacesBody) for (const name of staleHeaders(response.status)) ctx.remove(name);
  // a Vary the app set (CORS's Origin) is added to, not replaced; a challenge it set stays
  const headers = headersOver(response, (name) => ctx.response.get(name));
  ctx.status = response.status;
  ctx.set(headers);
  // Koa's body setter turns `null` into a 204 and sends no body for HEAD by itself, so HEAD gets an
  // empty string: the status and headers stay as core made them.
  ctx.body = response.body ?? '';
  // For HEAD, core gives the length a GET's body would have; Koa's setter above wrote 0.
  if (response.body === null && response.headers['content-length'] !== undefined) ctx.set('content-length', response.headers['content-length']);
}
