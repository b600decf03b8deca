import { describe, isArray, read } from '../base/safe-read.js';
import type { ErrorResponse, HeaderBag, Problem } from '../types.js';

/**
 * Reads one request header from a Node header object or a Web `Headers`, joined with `, ` when
 * repeated. `name` must be lower-case.
 *
 * @example
 * readHeader({ accept: 'application/json' }, 'accept'); // 'application/json'
 * readHeader(new Headers({ Accept: 'text/html' }), 'accept'); // 'text/html'
 */
export function readHeader(headers: HeaderBag | undefined | null, name: string): string | undefined {
  if (headers === undefined || headers === null) return undefined;
  try {
    if (typeof (headers as { get?: unknown }).get === 'function') {
      return (headers as { get(name: string): string | null }).get(name) ?? undefined;
    }
    const value = (headers as Record<string, unknown>)[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    if (isArray(value)) return value.join(', ');
  } catch {
    // a hostile header object reads as absent
  }
  return undefined;
}

// Headers an error may carry to the client (docs/contract.md, the trust rule); everything else it carries
// (Content-Type, Set-Cookie, Location, ...) is dropped so that an error cannot rewrite the response.
// CORS headers are not among them: they are the app's CORS middleware's to set, on the response,
// where they survive; an error that carries them (an upstream's) must not widen who may read us.
const CLIENT_HEADER = /^(?:allow|retry-after|www-authenticate|ratelimit(?:-[a-z]+)?|x-ratelimit-[a-z-]+)$/;
// A 416 also tells the client the size of what it asked a range of (`Content-Range: bytes *\/1234`,
// RFC 9110 section 15.5.17): @fastify/static puts it on its error, where Express's send sets it on
// the response.
const RANGE_STATUS = 416;

// RFC 9110 section 5.5: field values are visible ASCII, space, tab and obs-text. No CR, LF or NUL,
// which is what keeps a value from splitting the response (header injection).
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const MAX_VALUE_LENGTH = 4096;
const EDGE_WHITESPACE = /^[ \t]|[ \t]$/;

/** A header value that is safe to send, or undefined. */
export function safeHeaderValue(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (isArray(value)) {
    const parts = value.map(safeHeaderValue);
    if (parts.some((part) => part === undefined)) return undefined;
    text = parts.join(', ');
  } else return undefined;
  // Only optional whitespace is trimmed (RFC 9110 section 5.5); a CR or LF anywhere refuses the value.
  if (EDGE_WHITESPACE.test(text)) text = text.replace(/^[ \t]+|[ \t]+$/g, '');
  if (text.length === 0 || text.length > MAX_VALUE_LENGTH || !FIELD_VALUE.test(text)) return undefined;
  return text;
}

function isKept(name: string, status: number | undefined): boolean {
  return CLIENT_HEADER.test(name) || (name === 'content-range' && status === RANGE_STATUS);
}

function store(name: string, rawValue: unknown, into: Record<string, string>): void {
  const value = safeHeaderValue(rawValue);
  if (value !== undefined) into[name] = value;
}

/** Copies the allowed headers of one header source (plain object or `Headers`) into `into`. */
function collect(source: unknown, into: Record<string, string>, status?: number): void {
  if (source === null || typeof source !== 'object') return;
  try {
    if (typeof (source as { entries?: unknown }).entries === 'function' && typeof (source as { get?: unknown }).get === 'function') {
      let seen = 0;
      for (const [rawName, rawValue] of (source as Headers).entries()) {
        if (++seen > 64) break;
        const name = describe(rawName).toLowerCase();
        if (isKept(name, status)) store(name, rawValue, into);
      }
      return;
    }
    // A plain object's names first, and a value read only for a name that is kept: this runs on
    // every error with headers (each 405's Allow), and a getter of a name not kept never runs.
    const names = Object.keys(source);
    for (let at = 0; at < names.length && at < 64; at++) {
      const rawName = names[at] as string;
      const name = rawName.toLowerCase();
      if (isKept(name, status)) store(name, (source as Record<string, unknown>)[rawName], into);
    }
  } catch {
    // headers that cannot be read are not sent
  }
}

/**
 * The client-facing headers an error with this status carries: http-errors' and Koa's `headers`,
 * Boom's `output.headers`, and the headers of Hono's `HTTPException` `res`.
 */
export function clientHeadersOf(error: unknown, status?: number): Record<string, string> {
  const headers: Record<string, string> = {};
  collect(read(read(error, 'res'), 'headers'), headers, status);
  collect(read(read(error, 'output'), 'headers'), headers, status);
  collect(read(error, 'headers'), headers, status);
  return headers;
}

/** The client-facing headers of one of our own problems: only its `headers` member, checked as any other's. */
export function ownClientHeadersOf(headers: unknown): Record<string, string> {
  const kept: Record<string, string> = {};
  collect(headers, kept);
  return kept;
}

/**
 * A `Vary` value with `added` in it, keeping what the app already varies on (CORS's `Origin`):
 * an error response adds to `Vary`, never replaces it. `existing` as Node's or the Fetch API's
 * header getters return it.
 *
 * @example
 * mergeVary('Origin', 'Accept-Language'); // 'Origin, Accept-Language'
 * mergeVary(undefined, 'Accept-Language'); // 'Accept-Language'
 */
export function mergeVary(existing: unknown, added: string): string {
  const current = typeof existing === 'string' ? existing.trim() : Array.isArray(existing) ? existing.join(', ') : '';
  if (current === '') return added;
  const names = current.split(',').map((name) => name.trim().toLowerCase());
  return names.includes('*') || names.includes(added.toLowerCase()) ? current : `${current}, ${added}`;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/**
 * The headers to write for a contract answer on a response that may already carry headers of the
 * app's: a `Vary` the app set is added to (its values first), and a header that is only the
 * contract's default (`response.defaultHeaders`: a 401's challenge from the `challenge` option)
 * is left out where the response already has one, so a challenge the app set stays (RFC 9110
 * section 15.5.2 is met by either). `existing` reads a header of the response, by lower-case
 * name; it is asked for those headers only, and `response.headers` itself is returned when there
 * is nothing to merge.
 *
 * @example
 * for (const [name, value] of Object.entries(headersOver(answer, (name) => res.getHeader(name)))) res.setHeader(name, value);
 */
export function headersOver(response: ErrorResponse, existing: (name: string) => unknown): Record<string, string> {
  const { headers, defaultHeaders } = response;
  if (headers.vary === undefined && defaultHeaders === undefined) return headers;
  const written = { ...headers };
  if (written.vary !== undefined) written.vary = mergeVary(existing('vary'), written.vary);
  if (defaultHeaders !== undefined) for (const name of defaultHeaders) if (present(existing(name))) delete written[name];
  return written;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** The headers of an error response: the problem's own (checked again), then the contract's. */
export function responseHeaders(problem: Problem, contentType: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name in problem.headers) {
    const value = safeHeaderValue(problem.headers[name]);
    const lower = name.toLowerCase();
    if (value !== undefined && HEADER_NAME.test(lower)) headers[lower] = value;
  }
  // An error is about this request only: no cache may keep it (RFC 9111 section 5.2.2.5).
  headers['cache-control'] = 'no-store';
  if (problem.language !== undefined) {
    headers['content-language'] = problem.language;
    // adapters add this to a Vary the app set (CORS's Origin), never replace it
    headers.vary = 'Accept-Language';
  }
  headers['content-type'] = contentType;
  return headers;
}
