// The proxy's method probe: an `OPTIONS` request the proxy sends to its own server to learn which
// methods a path's route module exports (Next answers a method the module does not export with an
// empty 405, after the proxy has run). It carries a secret made once per process and kept on
// globalThis (the proxy and the route modules are separate bundles of one process on Next 16), so a
// client cannot trigger it: a request without the secret is the app's as any other.
// Where the proxy runs in a sandbox of its own (Next 15's Edge middleware), the route modules do not
// know the secret and the probe reaches Next's own OPTIONS answer (204 with `Allow`) or the app's.

/**
 * The request header of the proxy's method probe (see `errors.proxy`). Only an `OPTIONS` request
 * carrying this process's secret in it is a probe; any other value is ignored, and the request is
 * answered as it would be without it.
 *
 * @example
 * // what the proxy sends; the route module answers 204 with `Allow: GET, HEAD, OPTIONS, POST`
 * fetch(request.url, { method: 'OPTIONS', headers: { [PROBE_HEADER]: secret } });
 */
export const PROBE_HEADER = 'x-error-contract-method-probe';

const SECRET = Symbol.for('error-contract.next.method-probe-secret');
type Holder = typeof globalThis & { [SECRET]?: string };

/** This process's secret, made on the proxy's first probe. */
export function probeSecret(): string {
  return ((globalThis as Holder)[SECRET] ??= crypto.randomUUID());
}

/** Whether a request is this process's own probe: made here, carrying the secret. */
export function isProbe(request: Request): boolean {
  const secret = (globalThis as Holder)[SECRET];
  return secret !== undefined && request.method === 'OPTIONS' && request.headers.get(PROBE_HEADER) === secret;
}
