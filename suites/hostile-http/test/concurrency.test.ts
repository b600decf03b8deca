// 300 error requests at once per service, each naming its own id: every answer must be about its
// own request (no body or header of one in another's), and none may be lost.
import { request } from 'node:http';
import { startService as startExpress } from '@error-contract/example-express/server';
import { startService as startFastify } from '@error-contract/example-fastify/server';
import { startService as startH3 } from '@error-contract/example-h3/server';
import { startService as startHono } from '@error-contract/example-hono/server';
import { startService as startKoa } from '@error-contract/example-koa/server';
import { startOnExpress as startNestExpress, startOnFastify as startNestFastify } from '@error-contract/example-nest/server';
import { startService as startNext } from '@error-contract/example-next/server';
import { describe, expect, it } from 'vitest';

const SERVICES = [
  ['express', startExpress],
  ['koa', startKoa],
  ['hono', startHono],
  ['fastify', startFastify],
  ['nest-express', startNestExpress],
  ['nest-fastify', startNestFastify],
  ['next', startNext],
  ['h3', startH3],
] as const;
const CONCURRENT = 300;
const V2 = '/api/client/v2';

interface Probe {
  method: string;
  path: string;
  body?: string;
  status: number;
  /** What the answer's instance must be: the request's own path. */
  instance: string;
}

function probe(n: number): Probe {
  switch (n % 4) {
    case 0:
      return { method: 'GET', path: `${V2}/widgets/missing-${n}`, status: 404, instance: `${V2}/widgets/missing-${n}` };
    case 1:
      return { method: 'PATCH', path: `${V2}/widgets/${n}?probe=${n}`, status: 405, instance: `${V2}/widgets/${n}` };
    case 2:
      return { method: 'GET', path: `${V2}/fail?probe=${n}`, status: 500, instance: `${V2}/fail` };
    default:
      return { method: 'POST', path: `${V2}/widgets?probe=${n}`, body: `{"name":${n}`, status: 400, instance: `${V2}/widgets` };
  }
}

function send(port: number, sent: Probe, n: number): Promise<{ status: number; body: Record<string, unknown>; probe: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'application/json', authorization: 'Bearer writer-token', 'x-probe': String(n) };
    if (sent.body !== undefined) headers['content-type'] = 'application/json';
    const outgoing = request({ host: '127.0.0.1', port, method: sent.method, path: sent.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), probe: res.headers['x-probe'] as string | undefined }));
    });
    outgoing.on('error', reject);
    outgoing.end(sent.body);
  });
}

describe.each(SERVICES)('%s: concurrent errors', (_name, start) => {
  it(`${CONCURRENT} error requests at once: each answered, each about itself`, async () => {
    const server = await start({ port: 0, host: '127.0.0.1', rateLimit: 1_000_000, rateWindowS: 60, log: () => {} });
    try {
      const port = Number(new URL(server.url).port);
      const probes = Array.from({ length: CONCURRENT }, (_, n) => probe(n));
      const answers = await Promise.all(probes.map((sent, n) => send(port, sent, n)));
      expect(answers).toHaveLength(CONCURRENT);
      for (const [n, answer] of answers.entries()) {
        expect(answer.status, `request ${n}`).toBe(probes[n]!.status);
        expect(answer.body.instance, `request ${n}`).toBe(probes[n]!.instance);
        expect(answer.body.status).toBe(probes[n]!.status);
        if (n % 4 === 0) expect(String(answer.body.detail)).toContain(`missing-${n}`);
      }
    } finally {
      await server.close();
    }
  });
});
