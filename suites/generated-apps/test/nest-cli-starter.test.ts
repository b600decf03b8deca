// An app made by the Nest CLI (`nest new`, @nestjs/cli 12.0.8, fixtures/nest-cli-starter, unchanged
// but for the README's two lines in src/app.module.ts) keeps its own unit and end-to-end tests
// passing, and answers its failures in the contract and its successes as before. The pristine app
// is the fixture without those lines.
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { type AppCopy, copyFixture, fixtureDir } from '../src/app-copy.js';
import { runOwnTests } from '../src/own-tests.js';
import { NEST_CLI, TYPE_BASE_URL, withoutReadmeLines } from '../src/readme-lines.js';

const FIXTURE = 'nest-cli-starter';
// the app's own test run is a wait on other processes (npm, its runner, the app): one bound each,
// and the test holds two of them and the copies around them
const OWN_TESTS_TIMEOUT_MS = PROCESS_WAIT_MS;
const TWO_RUNS_TIMEOUT_MS = 2 * PROCESS_WAIT_MS + PROCESS_TEST_TIMEOUT_MS;

let pristine: AppCopy | undefined;

beforeAll(async () => {
  pristine = await copyFixture(FIXTURE, NEST_CLI.file, withoutReadmeLines(NEST_CLI));
});
afterAll(async () => {
  await pristine?.remove();
});

describe('nest new (the Nest CLI starter)', () => {
  it.each([
    ['npm test (its unit tests)', 'test'],
    ['npm run test:e2e (its end-to-end tests)', 'test:e2e'],
  ])("the app's own %s pass with the README's lines as without them, the same number", async (_name, script) => {
    const before = await runOwnTests(pristine!.dir, OWN_TESTS_TIMEOUT_MS, script);
    expect(before.exitCode, before.output).toBe(0);
    expect(before.totals.pass, before.output).toBeGreaterThan(0);
    expect(before.totals.fail).toBe(0);

    const after = await runOwnTests(fixtureDir(FIXTURE), OWN_TESTS_TIMEOUT_MS, script);
    expect(after.exitCode, after.output).toBe(0);
    expect(after.totals).toEqual(before.totals);
  }, TWO_RUNS_TIMEOUT_MS);

  describe('served as `nest start` serves it (NestFactory.create(AppModule), platform-express)', () => {
    let before: INestApplication;
    let after: INestApplication;
    const urls = new Map<INestApplication, string>();

    async function start(dir: string): Promise<INestApplication> {
      const { AppModule } = await import(pathToFileURL(join(dir, 'src', 'app.module.ts')).href);
      const app = await NestFactory.create(AppModule, { logger: false });
      await app.listen(0, '127.0.0.1');
      urls.set(app, `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`);
      return app;
    }
    const send = (app: INestApplication, method: string, path: string, headers: Record<string, string> = {}) => fetch(`${urls.get(app)}${path}`, { method, headers });
    const withoutDate = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => name !== 'date'));

    beforeAll(async () => {
      before = await start(pristine!.dir);
      after = await start(fixtureDir(FIXTURE));
    });
    afterAll(async () => {
      await Promise.all([before?.close(), after?.close()]);
    });

    it.each([
      ['GET', {}],
      ['GET', { accept: 'text/html' }],
      ['HEAD', {}],
    ])('%s / %j is answered the same, byte for byte', async (method, headers) => {
      const [was, is] = await Promise.all([send(before, method, '/', headers), send(after, method, '/', headers)]);
      expect(was.status).toBe(200);
      expect(is.status).toBe(was.status);
      expect(withoutDate(is.headers)).toEqual(withoutDate(was.headers));
      expect(await is.text()).toBe(await was.text());
    });

    it("an unknown route: Nest's 404 before, the contract's after", async () => {
      const was = await send(before, 'GET', '/nope');
      expect(await was.json()).toEqual({ message: 'Cannot GET /nope', error: 'Not Found', statusCode: 404 });
      const is = await send(after, 'GET', '/nope', { accept: 'application/json' });
      expect(is.status).toBe(404);
      expect(is.headers.get('content-type')).toBe('application/json');
      expect(await is.json()).toMatchObject({ type: `${TYPE_BASE_URL}not_found`, status: 404, code: 'not_found', instance: '/nope' });
    });

    it("a wrong method on /: Nest's 404 before, 405 with Allow after", async () => {
      expect((await send(before, 'DELETE', '/')).status).toBe(404);
      const is = await send(after, 'DELETE', '/', { accept: 'application/json' });
      expect(is.status).toBe(405);
      expect(is.headers.get('allow')).toBe('GET, HEAD');
      expect(await is.json()).toMatchObject({ type: `${TYPE_BASE_URL}method_not_allowed`, status: 405, code: 'method_not_allowed' });
    });

    it("a body that is not JSON: Nest's 400 quoting the parser before, the contract's 400 after", async () => {
      const broken = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: '{"name":' };
      const was = await fetch(`${urls.get(before)}/`, broken);
      expect(was.status).toBe(400);
      const is = await fetch(`${urls.get(after)}/`, broken);
      expect(is.status).toBe(400);
      expect(await is.json()).toMatchObject({ status: 400, code: 'bad_request', detail: 'The request body is not valid JSON.' });
    });
  });
});
