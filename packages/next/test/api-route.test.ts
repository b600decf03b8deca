// Pages Router API routes: the wrapper on Node's own request and response, over real HTTP (Next's
// apiResolver adds res.status()/json() on top of these; the wrapper uses only Node's own methods).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forbidden } from '@error-contract/core';
import { errorContract } from '../src/index.js';

const errors = errorContract({ accept: 'strict', onError: () => {} });
let server: Server;
let base = '';

const routes: Record<string, (req: any, res: any) => Promise<void>> = {
  '/api/widgets': errors.apiRoute({
    GET(_req, res) {
      res.setHeader('content-type', 'application/json');
      res.end('[]');
    },
    POST(req) {
      z.object({ name: z.string().min(1) }).parse(JSON.parse(req.body));
    },
  }),
  '/api/fail': errors.apiRoute(() => {
    throw new Error('connection to db-7 failed: password=hunter2');
  }),
  '/api/forbidden': errors.apiRoute(() => {
    throw forbidden('Only writers.');
  }),
  '/api/bare': errors.apiRoute((_req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.statusCode = 404;
    res.end();
  }),
  '/api/phrase': errors.apiRoute((_req, res) => {
    res.statusCode = 403;
    res.end('Forbidden');
  }),
  '/api/own': errors.apiRoute((_req, res) => {
    res.statusCode = 409;
    res.setHeader('content-type', 'application/json');
    res.end('{"message":"mine"}');
  }),
  '/api/late': errors.apiRoute((_req, res) => {
    res.write('partial');
    throw new Error('after the headers');
  }),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[(req.url ?? '').split('?')[0]!];
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      (req as any).body = body;
      if (route === undefined) res.writeHead(500).end();
      else route(req, res).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, { ...init, headers: { accept: 'application/json', ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), text, json: text === '' ? undefined : JSON.parse(text) };
}

describe('errors.apiRoute(handler)', () => {
  it('a success as the handler wrote it', async () => {
    expect(await call('/api/widgets')).toMatchObject({ status: 200, json: [] });
  });

  it('a thrown Error: generic 500', async () => {
    const answer = await call('/api/fail');
    expect(answer).toMatchObject({ status: 500, json: { code: 'internal_server_error', instance: '/api/fail' } });
    expect(answer.text).not.toContain('hunter2');
  });

  it('our own problem: its status and detail', async () => {
    expect(await call('/api/forbidden')).toMatchObject({ status: 403, json: { code: 'forbidden', detail: 'Only writers.' } });
  });

  it('a method not named: 405 with Allow', async () => {
    expect(await call('/api/widgets', { method: 'DELETE' })).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST' }, json: { code: 'method_not_allowed' } });
  });

  it('a validation failure and bad JSON: 400', async () => {
    const invalid = await call('/api/widgets', { method: 'POST', body: '{"name":""}' });
    expect(invalid).toMatchObject({ status: 400, json: { code: 'validation_failed', errors: [{ field: 'name' }] } });
    expect(await call('/api/widgets', { method: 'POST', body: '{"name":' })).toMatchObject({ status: 400, json: { code: 'bad_request' } });
  });

  it('a bare error it ends (no body, or a reason phrase): the contract, its headers kept', async () => {
    expect(await call('/api/bare')).toMatchObject({ status: 404, headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' }, json: { code: 'not_found' } });
    expect(await call('/api/phrase')).toMatchObject({ status: 403, json: { code: 'forbidden' } });
  });

  it("the app's own error body is left alone", async () => {
    expect(await call('/api/own')).toMatchObject({ status: 409, json: { message: 'mine' } });
  });

  it('406 before the handler, under accept: strict', async () => {
    const res = await fetch(`${base}/api/widgets`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(406);
  });

  it('a failure after the answer started: the response is cut short, never a second answer', async () => {
    await expect(call('/api/late')).rejects.toThrow();
  });

  it('checks what it is given at once', () => {
    expect(() => errors.apiRoute({ get: () => {} })).toThrow(/capitals/);
    expect(() => errors.apiRoute(42 as never)).toThrow(TypeError);
  });
});
