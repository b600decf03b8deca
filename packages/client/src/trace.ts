import { traceIdOfTraceparent } from '@error-contract/http-status';
import { type Json, pick } from './read.js';

/**
 * The id to quote to the API's operators: the body's `traceId`/`trace_id`/`requestId` (ASP.NET
 * Core's is a whole W3C traceparent, kept as sent), else the trace-id of a `traceparent` response
 * header (`version-traceid-parentid-flags`, only a valid one: it is shown to people), else
 * `X-Request-Id` or `Request-Id` (Stripe).
 */
export function traceIdOf(body: Json | undefined, headers: Headers): string | undefined {
  return (
    pick(body, 'traceId', 'trace_id', 'requestId') ??
    (traceIdOfTraceparent(headers.get('traceparent')) || headers.get('x-request-id') || headers.get('request-id') || undefined)
  );
}
