// How the limit is wired on Fastify: @fastify/rate-limit hooks only routes unless it is a root
// onRequest hook, as here, so route misses count as every other request does; the public documents
// answer before it and do not count.
import { send } from '@error-contract/conformance';
import type { RunningServer } from '@error-contract/service-kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startService } from '../src/server.js';

const LIMIT = 3;
const headers = { accept: 'application/json', authorization: 'Bearer reader-token' };
let server: RunningServer;

beforeAll(async () => {
  server = await startService({ port: 0, host: '127.0.0.1', rateLimit: LIMIT, rateWindowS: 30, log: () => {} });
});
afterAll(() => server.close());

it('404s and 405s count; the public documents do not', async () => {
  for (let request = 0; request < LIMIT + 2; request++) {
    expect((await send(server.url, { method: 'GET', path: '/openapi.json', headers })).status).toBe(200);
  }
  const misses = [
    { method: 'GET', path: '/api/client/v2/gadgets', status: 404 },
    { method: 'PUT', path: '/api/client/v2/widgets', status: 405 },
    { method: 'GET', path: '/nothing/here', status: 404 },
  ];
  for (const { method, path, status } of misses) expect((await send(server.url, { method, path, headers })).status).toBe(status);
  const limited = await send(server.url, { method: 'GET', path: '/api/client/v2/widgets', headers });
  expect(limited).toMatchObject({ status: 429, headers: { 'retry-after': expect.stringMatching(/^\d+$/) } });
  expect(limited.json).toMatchObject({ code: 'too_many_requests', status: 429 });
});
