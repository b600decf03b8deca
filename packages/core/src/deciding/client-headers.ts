// The trust rule's headers: which headers of a thrown value may reach the client (an allow-list),
// and the check every header value passes before it is sent (no CR, LF or NUL: no injection).
import { describe, isArray, read } from '../base/safe-read.js';

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
