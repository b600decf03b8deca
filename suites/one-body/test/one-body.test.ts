// "One failure, one body": the same request gets the same status, headers and body bytes from the
// Express, Koa, Hono, Fastify, Nest, Next, h3, Nitro and Elysia (on Bun) reference services, for every case of the conformance table.
import { casesFor, OTHER_PATH_CASES, PREFIXES, type Received, send } from '@error-contract/conformance';
import { startService as startElysia } from '@error-contract/example-elysia/server';
import { startService as startExpress } from '@error-contract/example-express/server';
import { startService as startFastify } from '@error-contract/example-fastify/server';
import { startService as startH3 } from '@error-contract/example-h3/server';
import { startService as startHono } from '@error-contract/example-hono/server';
import { startService as startKoa } from '@error-contract/example-koa/server';
import { startOnExpress as startNestExpress, startOnFastify as startNestFastify } from '@error-contract/example-nest/server';
import { startService as startNext } from '@error-contract/example-next/server';
import { startService as startNitro } from '@error-contract/example-nitro/server';
import type { RunningServer } from '@error-contract/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FRAMEWORKS = [
  ['express', startExpress],
  ['koa', startKoa],
  ['hono', startHono],
  ['fastify', startFastify],
  ['nest-express', startNestExpress],
  ['nest-fastify', startNestFastify],
  ['elysia', startElysia],
  ['next', startNext],
  ['h3', startH3],
  ['nitro', startNitro],
] as const;
// Headers the contract decides; the rest (Date, Connection, Keep-Alive, X-Powered-By) is the server's.
const CONTRACT_HEADERS = ['content-type', 'cache-control', 'allow', 'www-authenticate', 'retry-after', 'content-length'];

function answerOf(received: Received) {
  const headers = Object.fromEntries(CONTRACT_HEADERS.map((name) => [name, received.headers[name]]));
  return { status: received.status, headers, body: received.text };
}

describe('one failure, one body: Express, Koa, Hono and Fastify answer every error case alike', () => {
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    for (const [, start] of FRAMEWORKS) servers.push(await start({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: () => {} }));
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  const cases = [...PREFIXES.flatMap((prefix) => casesFor(prefix.path)), ...OTHER_PATH_CASES].filter((kase) => kase.status >= 400);
  it.each(cases.map((kase) => [`${kase.request.method} ${kase.request.path.slice(0, 60)}: ${kase.name}`, kase] as const))('%s', async (_name, kase) => {
    const answers = [];
    for (const server of servers) answers.push(answerOf(await send(server.url, kase.request)));
    const [express, koa, hono, fastify] = answers;
    expect(koa, 'koa vs express').toEqual(express);
    expect(hono, 'hono vs express').toEqual(express);
    expect(fastify, 'fastify vs express').toEqual(express);
    for (const [index, [name]] of FRAMEWORKS.entries()) if (index > 3 && name !== 'next') expect(answers[index], `${name} vs express`).toEqual(express);
    // Next sends every Response chunked: it drops a Content-Length a route handler or the proxy
    // states (next/dist/server/send-response.js, FORBIDDEN_HEADERS). The same bytes, framed otherwise.
    const next = answers[FRAMEWORKS.findIndex(([name]) => name === 'next')]!;
    expect(next.headers['content-length'], 'next: Content-Length').toBeUndefined();
    if (express!.body !== '') expect(String(Buffer.byteLength(next.body)), 'next: body length').toBe(express!.headers['content-length']);
    expect({ ...next, headers: { ...next.headers, 'content-length': express!.headers['content-length'] } }, 'next vs express').toEqual(express);
  });
});
