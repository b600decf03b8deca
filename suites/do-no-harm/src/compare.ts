// Sends one raw request with node:http and keeps what came back byte for byte. Not fetch: fetch
// adds an Accept header and decompresses, and both would hide what the app really sent.
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  /** Lower-cased names with their values, in the order received (repeated headers repeated). */
  headers: Array<[string, string]>;
  body: Buffer;
}

const TIMEOUT_MS = PROCESS_WAIT_MS;

export function send(port: number, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    // No agent: one connection a request, so no keep-alive state carries from one to the next.
    const outgoing = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let index = 0; index < res.rawHeaders.length; index += 2) {
          pairs.push([res.rawHeaders[index]!.toLowerCase(), res.rawHeaders[index + 1]!]);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    outgoing.setTimeout(TIMEOUT_MS, () => outgoing.destroy(new Error(`${req.method} ${req.path}: no answer in ${TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** Every value of one header, in order. */
export function headerValues(res: RawResponse, name: string): string[] {
  return res.headers.filter(([key]) => key === name).map(([, value]) => value);
}

/** The one value of a header (repeated ones joined with `, `), or undefined. */
export function header(res: RawResponse, name: string): string | undefined {
  const values = headerValues(res, name);
  return values.length === 0 ? undefined : values.join(', ');
}

/** The body as the client would read it: gunzipped when it was sent gzipped. */
export function decodedBody(res: RawResponse): string {
  return (header(res, 'content-encoding') === 'gzip' ? gunzipSync(res.body) : res.body).toString('utf8');
}

// Only the clock differs between two servers answering the same request. ETag and Last-Modified
// are kept: both instances serve the same files and bodies, so they must agree too.
const VOLATILE = new Set(['date']);

function headerLines(res: RawResponse): string[] {
  return res.headers
    .filter(([name]) => !VOLATILE.has(name))
    .map(([name, value]) => `${name}: ${value}`)
    .sort();
}

function removeOnce(lines: string[], line: string): boolean {
  const index = lines.indexOf(line);
  if (index === -1) return false;
  lines.splice(index, 1);
  return true;
}

function excerpt(body: Buffer): string {
  const text = body.toString('utf8');
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);
}

/**
 * How `actual` differs from `expected`, one line per difference: status, each header line only one
 * of them has (headers compared as a sorted multiset, since Node may reorder them), and the body
 * bytes. Empty when they are the same response.
 */
export function differences(expected: RawResponse, actual: RawResponse): string[] {
  const lines: string[] = [];
  if (expected.status !== actual.status) lines.push(`status ${actual.status}, expected ${expected.status}`);
  const missing = headerLines(expected);
  const extra: string[] = [];
  for (const line of headerLines(actual)) if (!removeOnce(missing, line)) extra.push(line);
  for (const line of missing) lines.push(`- ${line}`);
  for (const line of extra) lines.push(`+ ${line}`);
  if (!expected.body.equals(actual.body)) lines.push(`body ${excerpt(actual.body)}, expected ${excerpt(expected.body)}`);
  return lines;
}
