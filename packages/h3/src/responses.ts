// Writing a contract answer on each major. h3 2 takes a Web `Response` from the error hook and the
// middleware; h3 1's error hook writes on Node's response itself (h3 1 then sees the event handled).
import { type ErrorResponse } from '@error-contract/core';
import { headersOver, markContractResponse, staleHeaders, writeServerResponse } from '@error-contract/core/adapter';
import type { EventV1, EventV2 } from './event.js';

/**
 * The headers h3 2 holds for the event's response: `event.res.headers` (what the app's middleware
 * set: CORS, security headers, cookies) and `event.res.errHeaders` (h3's headers for error
 * answers). h3 drops the first from every error answer (response.ts `prepareResponse`); the
 * contract keeps them, as it keeps the app's headers on every other framework.
 */
function heldHeaders(event: EventV2, base?: Headers): Headers | undefined {
  let held: Headers | undefined = base === undefined ? undefined : new Headers(base);
  try {
    const res = event.res;
    for (const source of [res?.headers, res?.errHeaders]) {
      if (source === undefined) continue;
      for (const [name, value] of source) {
        held ??= new Headers();
        // several cookies are several headers; anything else, the later value wins (as h3 merges)
        if (name === 'set-cookie') held.append(name, value);
        else held.set(name, value);
      }
    }
  } catch {
    // headers that cannot be read are not kept
  }
  return held;
}

/**
 * A contract answer as h3 2's `Response`, with the headers the event holds (and those of a response
 * it replaces, `base`), less those that described an abandoned body.
 */
export function writeResponseV2(event: EventV2, response: ErrorResponse, base?: Headers): Response {
  const held = heldHeaders(event, base);
  if (held === undefined) return markContractResponse(new Response(response.body, { status: response.status, headers: withLength(response, response.headers) }));
  for (const name of staleHeaders(response.status)) held.delete(name);
  for (const [name, value] of Object.entries(headersOver(response, (name) => held.get(name) ?? undefined))) held.set(name, value);
  return markContractResponse(new Response(response.body, { status: response.status, headers: withLength(response, held) }));
}

const utf8 = new TextEncoder();

/**
 * The headers with the body's length stated, as every other adapter's server states it: h3 2's
 * Node server (srvx) would send a `Response` made here chunked. A HEAD answer has it from core.
 */
function withLength<H extends Headers | Record<string, string>>(response: ErrorResponse, headers: H): H {
  if (response.body === null) return headers;
  const length = String(utf8.encode(response.body).byteLength);
  if (headers instanceof Headers) headers.set('content-length', length);
  else return { ...headers, 'content-length': length } as H;
  return headers;
}

/**
 * Writes a contract answer on h3 1's Node response, keeping the headers the app set on it
 * (`setResponseHeader`, CORS), less those that described an abandoned body. Nothing is written
 * once the response has started: h3 1 then sees the event handled, as it does here after `end`.
 */
export function writeResponseV1(event: EventV1, response: ErrorResponse): void {
  const res = event.node.res;
  if (res.headersSent || res.writableEnded) return;
  // h3 1 sets the error's status message before its hook runs (`Cannot find any path matching ...`)
  writeServerResponse(res, response, { resetStatusMessage: true });
}
