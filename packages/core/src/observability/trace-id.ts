// A trace id in every detailed body and log line, so a client's report can be found in the
// tracing backend and the log. Under OpenTelemetry the active span's trace id is used (the server
// span's, which also continues the caller's `traceparent`); without it, the caller's W3C trace
// context when it sent one; otherwise a new one in the same form.
import { traceIdOfTraceparent } from '@error-contract/http-status';
import { readHeader } from '../request/read-header.js';
import { activeTraceId } from './active-span.js';
import type { RequestLike } from '../types.js';

function randomTraceId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The trace id a request is known by, without making one up: the active OpenTelemetry span's
 * when `@opentelemetry/api` is set up and a span is active, else the trace-id of the request's
 * `traceparent` header when that is valid, else undefined.
 */
export function knownTraceIdOf(request: RequestLike): string | undefined {
  return activeTraceId() ?? traceparentTraceId(request);
}

/** The trace-id of the request's `traceparent` header when that is valid, else undefined. */
export function traceparentTraceId(request: RequestLike): string | undefined {
  return traceIdOfTraceparent(readHeader(request.headers, 'traceparent'));
}

/**
 * The trace id of a request: the active OpenTelemetry span's trace id when there is one (see
 * `activeTraceId`), else the trace-id of its `traceparent` header when that is valid, else a new
 * random one in the same form (32 lower-case hex digits).
 *
 * @example
 * traceIdOf({ method: 'GET', path: '/', headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
 * // '4bf92f3577b34da6a3ce929d0e0e4736' (outside any OpenTelemetry span)
 */
export function traceIdOf(request: RequestLike): string {
  return knownTraceIdOf(request) ?? randomTraceId();
}
