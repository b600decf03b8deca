// A raw HTTP client: fetch adds `Accept: */*` on its own, and the table needs requests without it.
import { request as httpRequest } from 'node:http';

export interface SentRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Raw body text; '' when there was none. */
  text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  json: any;
}

/** Sends one request to `baseUrl` and reads the whole answer. Bounded by a 10 s timeout. */
export function send(baseUrl: string, sent: SentRequest): Promise<Received> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: sent.method,
        path: sent.path,
        headers: { ...(sent.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(sent.body)) }), ...sent.headers },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out: ${sent.method} ${sent.path}`)));
    req.on('error', reject);
    req.end(sent.body);
  });
}
