// Every kind of response a test holds (supertest's, fetch's, Hono's `app.request()`, our own
// runner's) is read into one plain snapshot, so every check looks at the same thing.

/**
 * A response as the checks see it: status, lower-case headers (repeated ones joined) and the body text.
 *
 * @example
 * const snapshot: ResponseSnapshot = { status: 404, headers: { 'content-type': 'application/json' }, text: '{"errors":[]}' };
 */
export interface ResponseSnapshot {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** What a fetch `Response` (also Hono's `app.request()` result) offers; matched by shape, not `instanceof`. */
export interface ResponseLike {
  status: number;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  bodyUsed: boolean;
  clone(): ResponseLike;
  text(): Promise<string>;
}

/** A supertest (superagent) or light-my-request response, or a snapshot. */
export interface PlainResponse {
  status?: number;
  statusCode?: number;
  headers?: Record<string, unknown> | { forEach(callback: (value: string, name: string) => void): void };
  text?: string;
  payload?: string;
  body?: unknown;
}

export function isResponseLike(value: unknown): value is ResponseLike {
  const candidate = value as Partial<ResponseLike> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.clone === 'function' &&
    typeof candidate.text === 'function' &&
    typeof candidate.status === 'number' &&
    typeof candidate.headers?.forEach === 'function'
  );
}

export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function statusOf(value: PlainResponse): number | undefined {
  const status = value.status ?? value.statusCode;
  return typeof status === 'number' ? status : undefined;
}

function headersOf(raw: PlainResponse['headers']): Record<string, string> {
  const headers: Record<string, string> = {};
  if (raw === undefined || raw === null) return headers;
  if (typeof (raw as { forEach?: unknown }).forEach === 'function' && !Array.isArray(raw)) {
    (raw as ResponseLike['headers']).forEach((value, name) => (headers[name.toLowerCase()] = value));
    return headers;
  }
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

function textOf(value: PlainResponse): string {
  if (typeof value.text === 'string') return value.text;
  if (typeof value.payload === 'string') return value.payload;
  // supertest leaves `text` unset for some bodies but still parses them into `body`
  if (typeof value.body === 'string') return value.body;
  if (value.body !== undefined && value.body !== null && !(typeof value.body === 'object' && Object.keys(value.body).length === 0)) return JSON.stringify(value.body);
  return '';
}

/** Reads a plain response object; undefined when it is not one. */
export function snapshotOfPlain(value: unknown): ResponseSnapshot | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const plain = value as PlainResponse;
  const status = statusOf(plain);
  if (status === undefined) return undefined;
  return { status, headers: headersOf(plain.headers), text: textOf(plain) };
}

// One read per Response, however many matchers look at it; the body is read from a clone, so the
// test can still read the original afterwards.
const read = new WeakMap<object, Promise<ResponseSnapshot>>();

/** Reads a fetch `Response` without consuming it. Rejects when its body was already read. */
export function snapshotOfResponse(response: ResponseLike): Promise<ResponseSnapshot> {
  const known = read.get(response);
  if (known !== undefined) return known;
  if (response.bodyUsed) {
    return Promise.reject(new TypeError('the Response body was already read; pass the response before reading it, or a clone'));
  }
  const snapshot = response
    .clone()
    .text()
    .then((text) => ({ status: response.status, headers: headersOf(response.headers), text }));
  read.set(response, snapshot);
  return snapshot;
}
