// What is refused before routing, on every request, so it is kept cheap: no Error, no stack.
// Which checks run is the contract's Accept policy and `rejectMalformedPath` (options.ts).
import { acceptsJson } from './accept.js';
import type { ProblemInit } from '../failures/contract-error.js';
import { readHeader } from './read-header.js';
import type { Settings } from '../contract/options.js';
import { pathOfTarget } from './path.js';
import { problems } from '../failures/problems.js';
import type { RequestLike } from '../types.js';

const MISSING_ACCEPT = 'The request has no Accept header; send one that admits JSON, e.g. Accept: application/json.';
const NO_JSON_ACCEPTED = 'The Accept header admits no JSON type; send one that does, e.g. Accept: application/json.';
const MALFORMED_PATH = 'The request path is not validly percent-encoded.';

/**
 * Whether a path has a percent-encoding that does not decode (RFC 3986 section 2.1; invalid
 * UTF-8). Frameworks disagree here (Express answers 400 for a parameter, @koa/router and Hono
 * pass the raw text on), so the contract can refuse such a path before routing, everywhere alike.
 *
 * @example
 * isMalformedPath('/widgets/%E0%A4%A'); // true
 * isMalformedPath('/widgets/caf%C3%A9'); // false
 */
export function isMalformedPath(path: string): boolean {
  const bare = pathOfTarget(path);
  if (bare.indexOf('%') === -1) return false;
  try {
    decodeURIComponent(bare);
    return false;
  } catch {
    return true;
  }
}

/** The problem that refuses a request before routing (406, then 400 for the path), or undefined. */
export function refusalOf(settings: Settings, request: RequestLike): ProblemInit | undefined {
  if (settings.accept !== 'any') {
    const verdict = acceptsJson(readHeader(request.headers, 'accept'));
    if (verdict === false) return problems.notAcceptable(NO_JSON_ACCEPTED);
    if (verdict === undefined && settings.accept === 'strict') return problems.notAcceptable(MISSING_ACCEPT);
  }
  if (settings.rejectMalformedPath && typeof request.path === 'string' && isMalformedPath(request.path)) return problems.badRequest(MALFORMED_PATH);
  return undefined;
}
