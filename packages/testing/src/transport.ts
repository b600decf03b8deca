// How a probe reaches the API. Over the network it is node:http, not fetch: fetch adds
// `Accept: */*` to a request without one, and the table needs requests without it.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ConformanceRequest } from './cases.js';
import type { ResponseSnapshot } from './snapshot.js';

/**
 * Where the probes go: a running server, or a fetch function (Hono's `app.fetch`, `app.request`).
 *
 * @example
 * const target: ConformanceTarget = { baseUrl: 'http://127.0.0.1:3000', timeoutMs: 5000 };
 * const inProcess: ConformanceTarget = { fetch: (request) => app.request(request) };
 */
export type ConformanceTarget =
  | { baseUrl: string; timeoutMs?: number }
  | { fetch: (request: Request) => Response | Promise<Response>; baseUrl?: string };

/**
 * Sends one request of the table and reads the whole answer.
 *
 * @example
 * const send: Send = async (request) => ({ status: 404, headers: {}, text: '' });
 * await runCase(send, kase);
 */
export type Send = (request: ConformanceRequest) => Promise<ResponseSnapshot>;

const DEFAULT_TIMEOUT_MS = 10_000;

/** The base URL's path joined with a probe's path: `http://h/api` + `/widgets` -> `/api/widgets`. */
export function joinPath(baseUrl: URL, path: string): string {
  return `${baseUrl.pathname.replace(/\/+$/, '')}${path}`;
}

function headersOf(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function sendHttp(baseUrl: URL, sent: ConformanceRequest, timeoutMs: number): Promise<ResponseSnapshot> {
  const request = baseUrl.protocol === 'https:' ? httpsRequest : httpRequest;
  const length = sent.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(sent.body)) };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: baseUrl.protocol,
        hostname: baseUrl.hostname.replace(/^\[|\]$/g, ''),
        port: baseUrl.port,
        method: sent.method,
        path: joinPath(baseUrl, sent.path),
        headers: { ...length, ...sent.headers },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: headersOf(res.headers), text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    // A server may answer (a 413, say) and close before reading the whole body: the answer counts,
    // the broken pipe after it does not (a promise settles once).
    req.on('error', reject);
    req.end(sent.body);
  });
}

async function sendFetch(fetch: (request: Request) => Response | Promise<Response>, baseUrl: URL, sent: ConformanceRequest): Promise<ResponseSnapshot> {
  const url = new URL(joinPath(baseUrl, sent.path), baseUrl);
  const response = await fetch(new Request(url, { method: sent.method, headers: sent.headers, body: sent.body }));
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return { status: response.status, headers, text: await response.text() };
}

/**
 * A sender for a target; checks the base URL at once.
 *
 * @example
 * const send = senderFor({ baseUrl: 'http://127.0.0.1:3000' });
 * const answer = await send({ method: 'GET', path: '/api/nothing', headers: { accept: 'application/json' } });
 */
export function senderFor(target: ConformanceTarget): Send {
  if ('fetch' in target && typeof target.fetch === 'function') {
    const base = new URL(target.baseUrl ?? 'http://localhost');
    const { fetch } = target;
    return (sent) => sendFetch(fetch, base, sent);
  }
  const { baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS } = target as { baseUrl: string; timeoutMs?: number };
  const base = parseBaseUrl(baseUrl);
  return (sent) => sendHttp(base, sent, timeoutMs);
}

/** An http(s) URL, or a TypeError that says what is wrong with it. */
export function parseBaseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`not a URL: ${JSON.stringify(text)} (expected e.g. http://127.0.0.1:3000)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`not an http(s) URL: ${JSON.stringify(text)}`);
  return url;
}
