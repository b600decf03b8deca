// A trace id in every detailed body and log line, so a support ticket quoting a problem can be
// matched to the log. The caller's W3C trace context is used when it sent one, so the id also
// matches its own traces; otherwise one is made in the same form.
import { traceIdOfTraceparent } from '@error-contract/http-status';
import { readHeader } from './headers.js';
import type { RequestLike } from './types.js';

function randomTraceId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The trace id of a request: the trace-id of its `traceparent` header when that is valid, else a
 * new random one in the same form (32 lower-case hex digits).
 *
 * @example
 * traceIdOf({ method: 'GET', path: '/', headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
 * // '4bf92f3577b34da6a3ce929d0e0e4736'
 */
export function traceIdOf(request: RequestLike): string {
  return traceIdOfTraceparent(readHeader(request.headers, 'traceparent')) ?? randomTraceId();
}
