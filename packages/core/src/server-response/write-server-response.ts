// Writing a contract answer on Node's `http.ServerResponse`, for every adapter whose framework
// hands it one (Express, Nest's middleware on either platform, Next.js API routes, h3 1). Typed
// by the members it uses, not by `node:http`, so core stays free of Node's modules.
import { staleHeaders } from '../failures/bare-response.js';
import { headersOver } from '../rendering/headers.js';
import { reasonPhrase } from '../base/statuses.js';
import type { ErrorResponse } from '../types.js';

/** The members of Node's `ServerResponse` that {@link writeServerResponse} uses. */
export interface ServerResponseLike {
  statusCode: number;
  statusMessage: string;
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): unknown;
  removeHeader(name: string): void;
  end(body?: string): unknown;
}

/** How {@link writeServerResponse} writes. */
export interface WriteServerResponseOptions {
  /**
   * Whether the answer replaces a body a handler was making, whose representation headers
   * (`Content-Encoding`, `Content-Length`, ...) then go. False for a refusal or a route miss, where
   * no handler ran. Default true.
   */
  replacesBody?: boolean;
  /** How to end the response: a framework that wraps `end` (to watch for bare errors) passes the original. */
  end?: (body?: string) => void;
  /**
   * Whether the status line's reason phrase is set to the status's own, for a framework that set
   * one of its own before the contract answered (h3 1: `Cannot find any path matching ...`).
   */
  resetStatusMessage?: boolean;
}

const utf8 = new TextEncoder();

/**
 * Writes a contract answer on a Node response whose headers are not sent yet. The headers the app
 * set for the client stay (CORS, helmet's, cookies; a `Vary` is added to); those of a body it
 * replaces go; the body's length is stated. A `HEAD` answer (a null body) ends with no body.
 *
 * @example
 * // in a Node request handler, `(req, res) => { ... }`, after a handler threw `error`
 * const request = { method: req.method ?? 'GET', path: pathOfTarget(req.url ?? '/'), headers: req.headers };
 * writeServerResponse(res, contract.respond(error, request));
 */
export function writeServerResponse(res: ServerResponseLike, response: ErrorResponse, options: WriteServerResponseOptions = {}): void {
  const { replacesBody = true, end = (body?: string) => (body === undefined ? res.end() : res.end(body)), resetStatusMessage = false } = options;
  if (replacesBody) for (const name of staleHeaders(response.status)) res.removeHeader(name);
  res.statusCode = response.status;
  if (resetStatusMessage) res.statusMessage = reasonPhrase(response.status);
  for (const [name, value] of Object.entries(headersOver(response, (name) => res.getHeader(name)))) res.setHeader(name, value);
  if (response.body === null) return end();
  res.setHeader('content-length', String(utf8.encode(response.body).byteLength));
  end(response.body);
}
