import { request as httpRequest } from 'node:http';
import type { Row } from './fixture-app.js';

/** Sends a row's request as it is (`fetch` would add an Accept of any type where the row sends none). */
export function send(base: string, row: Row): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...row.headers };
  if (headers.accept === '') delete headers.accept;
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${row.path}`, { method: row.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) answer.set(name, String(value));
        const empty = res.statusCode === 204 || res.statusCode === 304;
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status: res.statusCode!, headers: answer }));
      });
    });
    req.on('error', reject);
    req.end(row.body);
  });
}

