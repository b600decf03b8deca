// A trace id in every detailed body and log line, so a support ticket quoting a problem can be
// matched to the log. The caller's W3C trace context is used when it sent one, so the id also
// matches its own traces; otherwise one is made in the same form.
import { readHeader } from './headers.js';
import type { RequestLike } from './types.js';

// version "00"-"fe", a 32-hex trace id, a 16-hex parent id, flags (W3C Trace Context, section 3.2)
const TRACEPARENT = /^\s*(?!ff)[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}(?:-|\s*$)/;
const INVALID_TRACE_ID = '0'.repeat(32);

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
  const header = readHeader(request.headers, 'traceparent');
  const match = typeof header === 'string' && header.length <= 512 ? TRACEPARENT.exec(header) : null;
  const traced = match?.[1];
  return traced !== undefined && traced !== INVALID_TRACE_ID ? traced : randomTraceId();
}
