// An app made by `fastify-cli generate <dir> --esm` (fastify-cli 8.0.2, fixtures/fastify-cli-esm,
// unchanged but for the README's two lines in app.js) keeps its own tests passing, and answers its
// failures in the contract and its successes as before. The pristine app is the fixture without
// those lines.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import helper from 'fastify-cli/helper.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { type AppCopy, copyFixture, fixtureDir, PACKAGE_DIR } from '../src/app-copy.js';
import { runOwnTests } from '../src/own-tests.js';
import { FASTIFY_CLI, FASTIFY_CLI_SCRIPTS, TYPE_BASE_URL, withoutReadmeLines } from '../src/readme-lines.js';

const FIXTURE = 'fastify-cli-esm';
// the app's own test run is a wait on other processes (npm, its runner, the app): one bound each,
// and the test holds two of them and the copies around them
const OWN_TESTS_TIMEOUT_MS = PROCESS_WAIT_MS;
const TWO_RUNS_TIMEOUT_MS = 2 * PROCESS_WAIT_MS + PROCESS_TEST_TIMEOUT_MS;

type App = Awaited<ReturnType<typeof helper.build>>;

let pristine: AppCopy | undefined;

beforeAll(async () => {
  pristine = await copyFixture(FIXTURE, FASTIFY_CLI.file, withoutReadmeLines(FASTIFY_CLI));
});
afterAll(async () => {
  await pristine?.remove();
});

describe(`fastify-cli generate --esm`, () => {
  it("the app's own tests (npm test) pass with the README's lines as without them, the same number", async () => {
    const before = await runOwnTests(pristine!.dir, OWN_TESTS_TIMEOUT_MS);
    expect(before.exitCode, before.output).toBe(0);
    expect(before.totals.pass, before.output).toBeGreaterThan(0);
    expect(before.totals.fail).toBe(0);

    const after = await runOwnTests(fixtureDir(FIXTURE), OWN_TESTS_TIMEOUT_MS);
    expect(after.exitCode, after.output).toBe(0);
    expect(after.totals).toEqual(before.totals);
  }, TWO_RUNS_TIMEOUT_MS);

  it("the fixture's lines are the Fastify guide's, as printed there", async () => {
    const readme = await readFile(join(PACKAGE_DIR, '..', '..', 'docs', 'guides', 'fastify.md'), 'utf8');
    for (const { line } of FASTIFY_CLI.lines) expect(readme.split('\n'), line).toContain(line);
    expect(readme).toContain('"start": "fastify start -l info --options app.js"');
  });

  it("package.json's start and dev scripts pass --options, so that `fastify start` reads app.js's `options` export", async () => {
    const { scripts } = JSON.parse(await readFile(join(fixtureDir(FIXTURE), 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const [name, { line }] of Object.entries(FASTIFY_CLI_SCRIPTS)) expect(scripts[name]).toBe(line);
  });

  // The generated test helper builds the app with `skipOverride` (its plugins' decorators then
  // visible to tests); `fastify start --options` registers app.js as an encapsulated plugin, with
  // its `options` export as server options. Both must work.
  describe.each([
    ['as its test helper builds it', { skipOverride: true }, []],
    ['as `fastify start --options` runs it', {}, ['--options']],
  ])('%s', (_name, options, flags) => {
    let before: App;
    let after: App;

    beforeAll(async () => {
      before = await helper.build([...flags, join(pristine!.dir, 'app.js')], options);
      after = await helper.build([...flags, join(fixtureDir(FIXTURE), 'app.js')], options);
    });
    afterAll(async () => {
      await Promise.all([before?.close(), after?.close()]);
    });

    it.each(['/', '/example'])('GET %s is answered the same, byte for byte', async (url) => {
      const [was, is] = await Promise.all([before.inject({ url }), after.inject({ url })]);
      const { date: _wasDate, ...wasHeaders } = was.headers;
      const { date: _isDate, ...isHeaders } = is.headers;
      expect(was.statusCode).toBe(200);
      expect(is.statusCode).toBe(was.statusCode);
      expect(isHeaders).toEqual(wasHeaders);
      expect(is.rawPayload.equals(was.rawPayload)).toBe(true);
    });

    it('an unknown route: Fastify\'s 404 before, the contract\'s after', async () => {
      const was = await before.inject({ url: '/nope' });
      expect(was.json()).toEqual({ message: 'Route GET:/nope not found', error: 'Not Found', statusCode: 404 });
      const is = await after.inject({ url: '/nope', headers: { accept: 'application/json' } });
      expect(is.statusCode).toBe(404);
      expect(is.headers['content-type']).toBe('application/json');
      expect(is.json()).toMatchObject({ type: `${TYPE_BASE_URL}not_found`, status: 404, code: 'not_found', instance: '/nope' });
    });

    it('a wrong method on /example: Fastify\'s 404 before, 405 with Allow after', async () => {
      expect((await before.inject({ method: 'DELETE', url: '/example' })).statusCode).toBe(404);
      const is = await after.inject({ method: 'DELETE', url: '/example' });
      expect(is.statusCode).toBe(405);
      expect(is.headers.allow).toBe('GET, HEAD');
      expect(is.json()).toMatchObject({ type: `${TYPE_BASE_URL}method_not_allowed`, status: 405, code: 'method_not_allowed' });
    });
  });

  // Fastify refuses an undecodable path while routing, before any plugin: only the server option
  // `frameworkErrors` reaches it, and in a CLI-built server only app.js's `options` export, read
  // with `--options`, sets it.
  describe('an undecodable path, as `fastify start --options` runs the app', () => {
    let before: App;
    let after: App;

    beforeAll(async () => {
      before = await helper.build(['--options', join(pristine!.dir, 'app.js')], {});
      after = await helper.build(['--options', join(fixtureDir(FIXTURE), 'app.js')], {});
    });
    afterAll(async () => {
      await Promise.all([before?.close(), after?.close()]);
    });

    it("Fastify's FST_ERR_BAD_URL before, the contract's 400 after", async () => {
      const was = await before.inject({ url: '/%E0%A4%A' });
      expect(was.statusCode).toBe(400);
      expect(was.json()).toMatchObject({ code: 'FST_ERR_BAD_URL', statusCode: 400 });
      const is = await after.inject({ url: '/%E0%A4%A', headers: { accept: 'application/json' } });
      expect(is.statusCode).toBe(400);
      expect(is.headers['content-type']).toBe('application/json');
      expect(is.json()).toMatchObject({ type: `${TYPE_BASE_URL}bad_request`, status: 400, code: 'bad_request' });
      expect(is.body).not.toContain('FST_ERR_BAD_URL');
    });

    it('without --options the export is not read: Fastify\'s own body stays (why the start script needs it)', async () => {
      const unread = await helper.build([join(fixtureDir(FIXTURE), 'app.js')], {});
      try {
        expect((await unread.inject({ url: '/%E0%A4%A' })).json()).toMatchObject({ code: 'FST_ERR_BAD_URL' });
      } finally {
        await unread.close();
      }
    });
  });
});
