// The adapter in real Nitro builds: a fixture app per major (Nitro 3 on h3 2, Nitro 2 on h3 1),
// built by Nitro's own builder and started as its users start it, the contract under /api only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { errorContractRoutes } from '../src/index.js';
import { type BuiltServer, buildApp, type NitroMajor, removeBuild, startBuilt } from './built-app.js';

const JSON_ACCEPT = { accept: 'application/json' };
// a build on a busy two-core machine: Nitro 3's takes ~15 s there, Nitro 2's ~25 s
const BUILD_TIMEOUT_MS = 4 * PROCESS_TEST_TIMEOUT_MS;

async function call(server: BuiltServer, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(`${server.url}${path}`, { method, headers: init.headers ?? JSON_ACCEPT, body: init.body, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

describe.each([3, 2] as NitroMajor[])('Nitro %i', (major) => {
  let outDir = '';
  let server: BuiltServer;
  beforeAll(async () => {
    // Nitro 2 needs the module for its routes; on Nitro 3 the module does nothing
    outDir = await buildApp(major, { modules: [errorContractRoutes] });
    server = await startBuilt(outDir);
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    removeBuild(outDir);
  });

  it('keeps a success as the route answered it', async () => {
    const answer = await call(server, 'GET', '/api/widgets');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual([{ id: '1', name: 'Sprocket' }]);
  });

  it('answers a path with routes for other methods 405 with Allow from the app\'s routes', async () => {
    const answer = await call(server, 'PUT', '/api/widgets');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(answer.json()).toMatchObject({ status: 405, code: 'method_not_allowed', instance: '/api/widgets' });
  });

  it('answers a path no route has 404 not_found', async () => {
    const answer = await call(server, 'GET', '/api/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.json()).toEqual({
      type: 'https://docs.example.com/errors/not_found',
      title: 'Not Found',
      status: 404,
      detail: 'The requested resource was not found.',
      instance: '/api/nothing/here',
      code: 'not_found',
    });
  });

  it('answers a body that is not JSON 400 bad_request', async () => {
    const answer = await call(server, 'POST', '/api/widgets', { headers: { ...JSON_ACCEPT, 'content-type': 'application/json' }, body: '{"name": bad' });
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('keeps the status and message of an h3 error made for the client', async () => {
    const answer = await call(server, 'GET', '/api/teapot');
    expect(answer.status).toBe(418);
    expect(answer.json()).toMatchObject({ status: 418, detail: 'short and stout' });
  });

  it('answers a bug 500 with nothing of its message, and it is still logged', async () => {
    const answer = await call(server, 'GET', '/api/fail');
    expect(answer.status).toBe(500);
    expect(answer.json()).toMatchObject({ status: 500, code: 'internal_server_error', detail: 'The service failed to process the request.' });
    expect(answer.text).not.toContain('hunter2');
    await expect.poll(() => server.stderr(), { timeout: PROCESS_WAIT_MS }).toContain('connection to db-7 failed');
  });

  if (major === 3) {
    // the middleware turned h3's own print off at the first request (the app's `silent`)
    const occurrences = (text: string, part: string) => text.split(part).length - 1;

    it('prints a bug once: the contract\'s line, not h3\'s print of it too', async () => {
      const before = server.stderr().length;
      expect((await call(server, 'GET', '/api/fail')).status).toBe(500);
      await expect.poll(() => server.stderr().slice(before), { timeout: PROCESS_WAIT_MS }).toContain('error-contract: GET /api/fail -> 500');
      expect(occurrences(server.stderr().slice(before), 'connection to db-7 failed')).toBe(1);
    });

    it('prints nothing for a thrown notFound(), a client\'s failure, where h3 printed its stack', async () => {
      const before = server.stderr().length;
      const answer = await call(server, 'GET', '/api/absent');
      expect(answer.status).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'not_found', detail: 'No widget has the id "absent".' });
      // a request after it, whose line shows the server has written what it would for the first
      await call(server, 'GET', '/api/fail');
      await expect.poll(() => server.stderr().slice(before), { timeout: PROCESS_WAIT_MS }).toContain('error-contract: GET /api/fail -> 500');
      expect(server.stderr().slice(before)).not.toContain('absent');
    });

    it('prints a thrown value outside the scope once, as h3 did, and Nitro answers it', async () => {
      const before = server.stderr().length;
      const answer = await call(server, 'GET', '/page-fail');
      expect(answer.status).toBe(500);
      expect(answer.json()).toMatchObject({ error: true, unhandled: true });
      await expect.poll(() => server.stderr().slice(before), { timeout: PROCESS_WAIT_MS }).toContain('the page broke');
      // h3's print: its HTTPError wrapper, the thrown value as its `cause`
      expect(occurrences(server.stderr().slice(before), 'cause: Error: the page broke')).toBe(1);
    });
  }

  it('leaves a page, a public file and Nitro\'s own 404 outside the scope as Nitro answers them', async () => {
    const page = await call(server, 'GET', '/hello', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toBe('<h1>Hello</h1>');
    const file = await call(server, 'GET', '/robots.txt', { headers: {} });
    expect(file.status).toBe(200);
    expect(file.text).toBe('User-agent: *\n');
    const miss = await call(server, 'GET', '/nothing');
    expect(miss.status).toBe(404);
    // Nitro's own error body: `{ error: true, ... }`
    expect(miss.json()).toMatchObject({ error: true });
  });
});
