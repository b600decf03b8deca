// The client's portable test files (runtimes/portable.ts), bundled once and run in Bun, Deno,
// workerd and headless Chromium: every test that passes on Node must pass in each, and each counts
// here as one test per runtime. A runtime that is not installed fails in CI (CI=true); elsewhere
// one skipped test names what is missing.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeBinary } from '../../../scripts/runtimes.mjs';
import { findChromium } from './runtimes/chromium.js';
import { bundle, listTests, RUN_MS, type Result, type Runtime, runOn } from './runtimes/run-on.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const dir = await bundle();
const names = await listTests(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chromium = findChromium();
function missing(runtime: Runtime): string | undefined {
  if (runtime === 'chromium') return chromium === undefined ? 'no chromium binary (not on PATH, no /usr/bin/chromium, no CHROMIUM_PATH; scripts/install-system-packages.sh installs it)' : undefined;
  return runtimeBinary(runtime, PACKAGE) === undefined ? `${runtime} is not installed (the devDependency brings its platform binary; run \`npx -y pnpm@10 install\`)` : undefined;
}

it('the portable test files declare their tests', () => {
  expect(names.length).toBeGreaterThan(100);
  expect(new Set(names).size).toBe(names.length);
});

for (const runtime of ['bun', 'deno', 'workerd', 'chromium'] as const) {
  const why = missing(runtime);
  if (why !== undefined) {
    if (process.env.CI) it(`client tests on ${runtime}: finds the runtime`, () => expect.fail(why));
    else it.skipIf(true)(`client tests on ${runtime}: not installed here: ${why}`, () => {});
    continue;
  }

  describe(`client tests on ${runtime}`, () => {
    const results = new Map<string, Result>();
    beforeAll(async () => {
      for (const result of await runOn(runtime, dir, chromium)) results.set(result.name, result);
    }, RUN_MS + 10_000);

    it('ran every test, and no other', () => {
      expect([...results.keys()]).toEqual(names);
    });

    it.each(names.map((name) => [name]))('%s', (name) => {
      expect(results.get(name), name).toEqual({ name, ok: true });
    });
  });
}
