// The last resort: when building a response fails (a BigInt or a cycle in an extension, a
// throwing shape function), the client still gets a valid 500 in the contract's shape.
import { pathOfTarget, withoutDotSegments } from '../request/path.js';
import { read } from '../base/safe-read.js';
import type { ErrorResponse, RequestLike, Shape } from '../types.js';

const MAX_INSTANCE_LENGTH = 2048;

/** The path called, without its query, as a string that can always be serialised. */
export function safeInstance(request: RequestLike): string {
  const path = read(request, 'path');
  if (typeof path !== 'string') return '/';
  return withoutDotSegments(pathOfTarget(path)).slice(0, MAX_INSTANCE_LENGTH);
}

const HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json',
  'cache-control': 'no-store',
});
const DETAIL = 'The service failed to process the request.';

/** A 500 built from constants and the request's path; it cannot fail. `type` is the 500's type link. */
export function fallbackResponse(request: RequestLike, shape: Shape, type: string): ErrorResponse {
  let method = 'GET';
  try {
    method = String(read(request, 'method') ?? 'GET').toUpperCase();
  } catch {
    // keep GET
  }
  const body =
    shape === 'compact'
      ? `{"errors":[{"code":"internal_server_error","message":"${DETAIL}"}]}`
      : `{"type":${JSON.stringify(type)},"title":"Internal Server Error","status":500,"detail":"${DETAIL}","instance":${JSON.stringify(safeInstance(request))},"code":"internal_server_error"}`;
  return { status: 500, headers: { ...HEADERS }, body: method === 'HEAD' ? null : body };
}
