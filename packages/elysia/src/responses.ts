import { type ErrorResponse, type RequestLike } from '@error-contract/core';
import { headersOver, markContractResponse, pathOfUrl, staleHeaders, toFetchResponse, withRoute } from '@error-contract/core/adapter';

/** Elysia's `set.headers`: a plain record (Elysia's own), or a `Headers` an app assigned. */
export type SetHeaders = Record<string, unknown> | Headers;

/**
 * What core needs of an Elysia request: the path as sent (Elysia's `path` may be decoded), the
 * headers, and the matched route's template (`/widgets/:id`, Elysia's `route`), which core
 * records as `http.route` on its `error_contract.responses` metric.
 */
export function requestLikeOf(request: Request, route?: unknown): RequestLike {
  return withRoute({ method: request.method, path: pathOfUrl(request.url), headers: request.headers }, route);
}

function headerOf(headers: SetHeaders, name: string): unknown {
  return headers instanceof Headers ? (headers.get(name) ?? undefined) : headers[name];
}

/**
 * A contract answer as a `Response` for Elysia, which then adds the headers the app set on
 * `set.headers` (CORS, rate-limit headers) where the answer has none (Elysia's `mergeHeaders`).
 * The headers that described a body the answer replaces (`Content-Type`, `Content-Length`,
 * `Content-Disposition`, ...) are taken out of `set.headers` first; a `Vary` the app set is added
 * to, and a challenge it set stays over the contract's default one.
 *
 * `replaced` is a bare error `Response` the answer stands in for, whose headers it keeps.
 *
 * @example
 * return writeResponse(contract.respond(error, requestLikeOf(request)), set.headers);
 */
export function writeResponse(response: ErrorResponse, held: SetHeaders | undefined, replaced?: Response): Response {
  if (held !== undefined && held !== null) {
    for (const name of staleHeaders(response.status)) {
      if (held instanceof Headers) held.delete(name);
      else delete held[name];
    }
  }
  // a bare error the app returned: its own headers are kept (a 416's Content-Range, CORS), less
  // those of the body it had
  if (replaced !== undefined) return toFetchResponse(response, replaced.headers);
  const headers = held === undefined || held === null ? response.headers : headersOver(response, (name) => headerOf(held, name));
  return markContractResponse(new Response(response.body, { status: response.status, headers }));
}
