// W3C Trace Context (section 3.2): `version-traceid-parentid-flags`. Read by core (to echo the
// caller's trace id in a body) and by the client (to show the id an API answered with), so both
// accept exactly the same headers; bundled into each like the status table.

// version "00"-"fe", a 32-hex trace id and a 16-hex parent id that are not all zeros, flags;
// version 00 ends there (no "-" after its 55 characters), later versions may append fields
// (section 3.2.4). Anchored and of fixed length: a long header costs no more. No surrounding
// whitespace: HTTP parsers (Node's, Fetch's Headers) strip it from field values.
const TRACEPARENT = /^(?!ff|00.{53}-)[\da-f]{2}-(?!0{32})([\da-f]{32})-(?!0{16})[\da-f]{16}-[\da-f]{2}(?:-|$)/;

/**
 * The trace-id of a `traceparent` header, or undefined when the header is missing or not valid
 * (another form, an all-zero trace or parent id, version `ff`, version 00 with more fields).
 *
 * @example
 * traceIdOfTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'); // '4bf92f3577b34da6a3ce929d0e0e4736'
 * traceIdOfTraceparent('zz-<img src=x>-y'); // undefined
 */
export function traceIdOfTraceparent(header: unknown): string | undefined {
  return typeof header === 'string' ? TRACEPARENT.exec(header)?.[1] : undefined;
}
