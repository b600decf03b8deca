// What is refused before routing, on every request, so it is kept cheap: no Error, no stack.
import { acceptsJson } from './accept.js';
import type { ProblemInit } from './contract-error.js';
import { readHeader } from './headers.js';
import { withoutQuery } from './path.js';
import { problems } from './problems.js';
import type { RequestLike } from './types.js';

const MISSING_ACCEPT = 'The request has no Accept header; send one that admits JSON, e.g. Accept: application/json.';
const NO_JSON_ACCEPTED = 'The Accept header admits no JSON type; send one that does, e.g. Accept: application/json.';
const MALFORMED_PATH = 'The request path is not validly percent-encoded.';

/**
 * Whether a path has a percent-encoding that does not decode (RFC 3986 section 2.1; invalid
 * UTF-8). Frameworks disagree here (Express answers 400 for a parameter, @koa/router and Hono
 * pass the raw text on), so the contract refuses such a path before routing, everywhere alike.
 */
export function isMalformedPath(path: string): boolean {
  const bare = withoutQuery(path);
  if (bare.indexOf('%') === -1) return false;
  try {
    decodeURIComponent(bare);
    return false;
  } catch {
    return true;
  }
}

/** The problem that refuses a request before routing (406, then 400 for the path), or undefined. */
export function refusalOf(request: RequestLike): ProblemInit | undefined {
  const verdict = acceptsJson(readHeader(request.headers, 'accept'));
  if (verdict !== true) return problems.notAcceptable(verdict === undefined ? MISSING_ACCEPT : NO_JSON_ACCEPTED);
  if (typeof request.path === 'string' && isMalformedPath(request.path)) return problems.badRequest(MALFORMED_PATH);
  return undefined;
}
