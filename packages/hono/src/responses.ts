import type { ErrorResponse } from '@error-contract/core';
import { headersOver, markContractResponse, staleHeaders } from '@error-contract/core/adapter';
import type { Context } from 'hono';

// Responses the contract made are marked (core's `markContractResponse`): the fetch wrapper passes
// them on without looking at their headers. On @hono/node-server, reading a response's headers
// builds a Headers object and takes the response off the server's fast write path (bench/findings.md).

/**
 * The headers the context holds for its response, or undefined for none: set with `c.header()`
 * before any response existed (CORS, rate-limit headers), or on a response already there. Hono
 * keeps them privately; a bodiless response from the context carries them and nothing else, and
 * making one costs less than a Headers object with entries. (Reading `c.res` would make a
 * response, whose headers Hono then copies over the one the contract gives it.)
 */
function heldHeaders(c: Context): Headers | undefined {
  try {
    const { headers } = c.body(null);
    for (const _ of headers) return headers;
    return undefined;
  } catch {
    return new Headers();
  }
}

/**
 * A contract response through the context, so headers set earlier with `c.header()` (CORS,
 * rate-limit headers) stay. After a handler ran (`replacesBody`), the headers of the body it
 * abandoned are removed first; `notFound` skips that, since no handler ran, and each removal
 * costs a Headers operation.
 *
 * When the context holds no headers, the response is made directly with the contract's headers
 * as a plain object: Hono's `c.newResponse` turns more than one header into a Headers object,
 * which @hono/node-server then turns back into an object to write (about 6 µs a request, a
 * quarter of Hono's whole 404).
 */
export function writeResponse(c: Context, response: ErrorResponse, { replacesBody = true }: { replacesBody?: boolean } = {}): Response {
  const held = heldHeaders(c);
  if (held === undefined) {
    // Nothing to keep. What a handler left (possibly no Response at all, a string, say) goes, or
    // Hono would try to copy its headers onto ours. Only a finished context has one: clearing
    // marks it finished, and Hono ignores what a middleware returns on a finished context.
    if (replacesBody && c.finalized) c.res = undefined;
    return markContractResponse(new Response(response.body, { status: response.status, headers: response.headers }));
  }
  if (replacesBody) {
    try {
      for (const name of staleHeaders(response.status)) c.header(name, undefined);
    } catch {
      // What a handler returned is no Response (a string, say): Hono's c.header() throws on it, as
      // it did for the middleware whose failure this is. Start from no response at all.
      c.res = undefined;
    }
  }
  // Hono's newResponse sets each header over the context's: a Vary the app set is added to instead,
  // and a challenge it set stays over the contract's default one
  const headers = headersOver(response, (name) => held.get(name) ?? undefined);
  return markContractResponse(c.newResponse(response.body, response.status as never, headers));
}

// What onError answered on a context, kept so its headers can be taken back (see `takeBackHeaders`).
// A property under a module-private symbol, as for our responses: a WeakMap's set cost about
// 0.8 µs of Hono's 400 path (measured), the property about 10 ns.
const ANSWERED = Symbol('error-contract.hono.answered');

type AnsweredContext = Context & { [ANSWERED]?: ErrorResponse };

/**
 * `writeResponse` for `onError`, remembering the answer. Hono builds every later response of the
 * context on the current one's headers, so an app that answers the error itself after ours (a
 * middleware reading `c.error`) would inherit them.
 */
export function writeErrorResponse(c: Context, response: ErrorResponse): Response {
  (c as AnsweredContext)[ANSWERED] = response;
  return writeResponse(c, response);
}

/**
 * When the app replaced the contract's answer to an error with its own (another status), removes
 * the headers it inherited from ours, so its answer is what it would have been without us. A
 * header the app set itself to another value is kept (Hono lets the app's value win).
 */
export function takeBackHeaders(c: Context): void {
  const answered = (c as AnsweredContext)[ANSWERED];
  if (answered === undefined || c.res.status === answered.status) return;
  const headers = c.res.headers;
  try {
    for (const [name, value] of Object.entries(answered.headers)) if (name !== 'content-type' && headers.get(name) === value) headers.delete(name);
  } catch {
    // a response whose headers are immutable (one from fetch()) is passed on as it is
  }
}

/** Puts `replacement` on the context. Setting c.res copies the old response's headers over the new one: clear it first. */
export function replaceResponse(c: Context, replacement: Response): void {
  c.res = undefined;
  c.res = replacement;
}
