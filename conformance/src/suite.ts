// Runs the table against a started example: every case, under each prefix, over real HTTP. The
// contract's generic rules are the testing kit's `toBeProblem`, as a user's own tests would use
// them; only what this service decides beyond them (the type URLs, the instance, the exact
// Content-Type and Cache-Control) is checked here.
import '@error-contract/testing/vitest';
import type { ProblemExpectation } from '@error-contract/testing';
import type { StartService } from '@error-contract/service-kit';
import { POLL_INTERVAL_MS, PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../test-waits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, type Case, casesFor, JSON_ACCEPT, OTHER_PATH_CASES, PREFIXES, READER, type Shape, TYPE_BASE, WRITER } from './cases.js';
import { type Received, send } from './http.js';
import { expectBodyMatchesSchema } from './schema-check.js';

function pathOnly(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

/** The Content-Type the service answers an error with: problem+json only when asked for, detailed. */
function errorContentType(accept: string, shape: Shape): string {
  const problemJson = shape === 'detailed' && /application\/problem\+json/.test(accept) && !/application\/problem\+json;\s*q=0(?![.\d])/.test(accept);
  return problemJson ? 'application/problem+json' : 'application/json';
}

/** The rules every error answer follows, whatever the case. */
export function expectContract(received: Received, kase: Case, shape: Shape): void {
  const { request } = kase;
  const headers = { 'cache-control': 'no-store', 'content-type': errorContentType(request.headers?.accept ?? '', shape) };
  if (request.method === 'HEAD') {
    // a HEAD answer has the GET answer's headers and no body, so there is no body to judge
    expect(received.text).toBe('');
    for (const [name, value] of Object.entries(headers)) expect(received.headers[name], name).toBe(value);
    return;
  }
  const expected: ProblemExpectation = { status: received.status, shape, headers };
  if (kase.code !== undefined) expected.code = kase.code;
  // in the detailed shape a case without fields has no `errors` at all
  if (kase.fields !== undefined || shape === 'detailed') expected.fields = kase.fields ?? [];
  expect(received).toBeProblem(expected);
  expectBodyMatchesSchema(received.json, shape);

  const body = received.json;
  if (shape === 'detailed') {
    expect(body).toMatchObject({ type: `${TYPE_BASE}${kase.code}`, instance: pathOnly(request.path) });
    if (kase.fields === undefined) expect(body).not.toHaveProperty('errors');
    // each field problem names its field twice: dotted, and as a JSON Pointer (RFC 6901)
    else expect(body.errors.map((entry: { pointer: unknown }) => entry.pointer)).toEqual(kase.fields.map((field) => (field === '' ? '' : `/${field}`)));
    if (kase.detailContains !== undefined) expect(body.detail).toContain(kase.detailContains);
  } else {
    expect(Object.keys(body)).toEqual(['errors']);
    if (kase.detailContains !== undefined) expect(body.errors[0].message).toContain(kase.detailContains);
  }
}

function expectCase(received: Received, kase: Case, shape: Shape): void {
  expect(received.status, `${kase.request.method} ${kase.request.path}: ${received.text.slice(0, 300)}`).toBe(kase.status);
  for (const [name, value] of Object.entries(kase.headers ?? {})) {
    if (typeof value === 'string') expect(received.headers[name]).toBe(value);
    else expect(received.headers[name]).toMatch(value);
  }
  if (kase.status >= 400) expectContract(received, kase, shape);
  for (const secret of kase.secrets ?? []) {
    expect(received.text).not.toContain(secret);
    expect(JSON.stringify(received.headers)).not.toContain(secret);
  }
}

export interface ConformanceOptions {
  /** The example's start function, from its `src/server.ts`. */
  start: StartService;
  /**
   * Cases that the runtime's own HTTP server refuses before the app can answer (workerd's refuses a
   * raw `<` in the target): case name -> the status and Content-Type it answers with, as measured.
   * The case then checks that refusal exactly, so a runtime that starts to let it through fails here.
   */
  refusedByServer?: Record<string, { status: number; contentType: string }>;
}

/**
 * Declares the conformance suite for one example. Call it at the top level of a test file.
 *
 * @example
 * describeConformance('express', { start: startService });
 */
export function describeConformance(name: string, { start, refusedByServer = {} }: ConformanceOptions): void {
  describe(`conformance: ${name}`, () => {
    const logged: unknown[][] = [];
    let url = '';
    let close = async () => {};

    beforeAll(async () => {
      const server = await start({ port: 0, host: '127.0.0.1', rateLimit: 100_000, rateWindowS: 60, log: (...args) => logged.push(args) });
      url = server.url;
      close = server.close;
    });
    afterAll(() => close());

    for (const prefix of PREFIXES) {
      describe(prefix.path, () => {
        it.each(casesFor(prefix.path).map((kase) => [kase.name, kase] as const))('%s', async (_name, kase) => {
          const received = await send(url, kase.request);
          const refused = refusedByServer[kase.name];
          if (refused === undefined) return expectCase(received, kase, prefix.shape);
          expect({ status: received.status, contentType: received.headers['content-type'] }).toEqual(refused);
        });

        it('HEAD answers with the same status and headers as GET, without a body', async () => {
          for (const path of [`${prefix.path}/widgets/999`, `${prefix.path}/gadgets`, `${prefix.path}/widgets`]) {
            const headers = { accept: JSON_ACCEPT, authorization: READER };
            const get = await send(url, { method: 'GET', path, headers });
            const head = await send(url, { method: 'HEAD', path, headers });
            expect(head.status).toBe(get.status);
            expect(head.text).toBe('');
            for (const name of ['content-type', 'cache-control', 'allow', 'www-authenticate']) expect(head.headers[name]).toBe(get.headers[name]);
            // a HEAD answer may leave Content-Length out, but one it states is the GET body's (RFC 9110 section 8.6)
            if (head.headers['content-length'] !== undefined) expect(head.headers['content-length'], `HEAD ${path}: Content-Length`).toBe(get.headers['content-length']);
          }
        });

        it('a widget can be created, read and deleted; a second delete is 404', async () => {
          const headers = { accept: JSON_ACCEPT, authorization: WRITER, 'content-type': 'application/json' };
          const created = await send(url, { method: 'POST', path: `${prefix.path}/widgets`, headers, body: '{"name":"Flange","price":0}' });
          expect(created.status).toBe(201);
          expect(created.json).toMatchObject({ id: expect.any(String), name: 'Flange', price: 0 });
          const path = `${prefix.path}/widgets/${encodeURIComponent(created.json.id)}`;
          expect((await send(url, { method: 'GET', path, headers })).json).toEqual(created.json);
          const deleted = await send(url, { method: 'DELETE', path, headers });
          expect(deleted.status).toBe(204);
          expect(deleted.text).toBe('');
          const again = await send(url, { method: 'DELETE', path, headers });
          expectCase(again, { name: 'second delete', request: { method: 'DELETE', path, headers }, status: 404, code: 'not_found' }, prefix.shape);
        });

        it('the seeded widget is there', async () => {
          const list = await send(url, { method: 'GET', path: `${prefix.path}/widgets`, headers: { accept: JSON_ACCEPT, authorization: READER } });
          expect(list.headers['content-type']).toMatch(/^application\/json/);
          expect(list.json).toEqual(expect.arrayContaining([{ id: '1', name: 'Sprocket', price: 9.5 }]));
        });
      });
    }

    describe('other paths', () => {
      it.each(OTHER_PATH_CASES.map((kase) => [kase.name, kase] as const))('%s', async (_name, kase) => {
        expectCase(await send(url, kase.request), kase, 'detailed');
      });
    });

    it('GET /fail is logged with its stack, for the operator', async () => {
      logged.length = 0;
      await send(url, { method: 'GET', path: '/api/client/v2/fail', headers: { accept: JSON_ACCEPT, authorization: READER } });
      // The log may come after the answer: a service in a process of its own hands it over a pipe
      // (on a loaded machine, seconds later), as an Error (Next's `next start`) or as text (Bun,
      // Deno, workerd). Looking once for the Error, then polling the text only, missed a late Error.
      const loggedError = () => logged.flat().find((entry): entry is Error => entry instanceof Error);
      const seen = () => {
        const error = loggedError();
        return error === undefined ? logged.flat().filter((entry) => typeof entry === 'string').join('') : `${error.message}\n${error.stack}`;
      };
      await expect.poll(seen, { timeout: PROCESS_WAIT_MS, interval: POLL_INTERVAL_MS }).toContain('connection to db-7 failed: password=hunter2');
      await expect.poll(seen, { timeout: PROCESS_WAIT_MS, interval: POLL_INTERVAL_MS }).toMatch(/\n\s+at /);
      const error = loggedError();
      if (error !== undefined) expect(error.message).toBe('connection to db-7 failed: password=hunter2');
    }, PROCESS_TEST_TIMEOUT_MS);

    it('the body limit is 100 kB: a body just under it is read', async () => {
      const name = 'x'.repeat(40);
      const padding = ' '.repeat(BODY_LIMIT - 100);
      const received = await send(url, {
        method: 'POST',
        path: '/api/client/v2/widgets',
        headers: { accept: JSON_ACCEPT, authorization: WRITER, 'content-type': 'application/json' },
        body: `{"name":"${name}"${padding}}`,
      });
      expect(received.status).toBe(201);
    });
  });

  describe(`conformance: ${name}: rate limit`, () => {
    const LIMIT = 3;
    let url = '';
    let close = async () => {};

    beforeAll(async () => {
      const server = await start({ port: 0, host: '127.0.0.1', rateLimit: LIMIT, rateWindowS: 30, log: () => {} });
      url = server.url;
      close = server.close;
    });
    afterAll(() => close());

    it(`the request after ${LIMIT} from one client is 429 with Retry-After; another client is not limited`, async () => {
      const headers = { accept: JSON_ACCEPT, authorization: 'Bearer rate-probe' };
      const path = '/api/client/v2/widgets';
      for (let index = 0; index < LIMIT; index++) expect((await send(url, { method: 'GET', path, headers })).status).toBe(401);
      const limited = await send(url, { method: 'GET', path, headers });
      expect(limited.status).toBe(429);
      const retryAfter = limited.headers['retry-after'] ?? '';
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(30);
      expectContract(limited, { name: '429', request: { method: 'GET', path, headers }, status: 429, code: 'too_many_requests' }, 'detailed');
      const compact = await send(url, { method: 'GET', path: '/api/client/v1/widgets', headers });
      expectContract(compact, { name: '429 v1', request: { method: 'GET', path: '/api/client/v1/widgets', headers }, status: 429, code: 'too_many_requests' }, 'compact');
      expect((await send(url, { method: 'GET', path, headers: { accept: JSON_ACCEPT, authorization: READER } })).status).toBe(200);
    });
  });
}
