// The plugin on Bun: the table's app (fixture-app.ts) served by Bun.serve in a Bun process of its
// own, every row sent over HTTP. Bun is this package's devDependency; in CI (CI=true) a missing
// binary fails, elsewhere one skipped test says why.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeBinary } from '../../../scripts/runtimes.mjs';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';
import { ROWS } from './fixture-app.js';
import { expectRow } from './rows.js';
import { send } from './send.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const READY_MS = PROCESS_WAIT_MS;
const bun = runtimeBinary('bun', PACKAGE);

/** Starts test/serve.bun.ts on Bun; resolves with its URL once it prints its ready line. */
function startOnBun(binary: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['test/serve.bun.ts'], { cwd: PACKAGE, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DO_NOT_TRACK: '1' } });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bun: no ready line within ${READY_MS} ms: ${output}`));
    }, READY_MS);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^listening on (http:\/\/\S+)$/m.exec(output);
      if (ready === null) return;
      clearTimeout(timer);
      resolve({ url: ready[1]!, child });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bun: exited (${code}) before the ready line: ${output}`));
    });
  });
}

if (bun === undefined) {
  describe('errorContract() on Bun', () => {
    const why = 'bun is not installed for packages/elysia (its devDependency brings the platform binary; run `npx -y pnpm@10 install`)';
    if (process.env.CI) it('finds the runtime', () => expect.fail(why));
    else it.skipIf(true)(`is not installed here: ${why}`, () => {});
  });
} else {
  describe('errorContract() on Bun, over HTTP', () => {
    let server: { url: string; child: ChildProcess };
    beforeAll(async () => {
      server = await startOnBun(bun);
    }, READY_MS + 5_000);
    afterAll(() => {
      server?.child.kill('SIGTERM');
    });

    it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
      await expectRow(await send(server.url, row), row);
    });

    it('makes a plain route prepare nothing on each request on Bun too, whose transpiler rewrites the hooks Elysia reads', () => {
      const compiled = execFileSync(bun, ['test/compiled-route.bun.ts'], { cwd: PACKAGE, encoding: 'utf8', timeout: PROCESS_WAIT_MS });
      expect(compiled).toMatch(/function handle/);
      expect(compiled).not.toMatch(/parseCookie|c\.headers=|c\.query=/);
      // a success is answered sync: no route awaits the contract's hook
      expect(compiled).toMatch(/^function handle/);
      expect(compiled).not.toMatch(/await e\.afterHandle/);
    });
  });
}
