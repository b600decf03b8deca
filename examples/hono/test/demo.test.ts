// `pnpm demo hono --runtime bun|deno|workerd` (scripts/demo.mjs): the service on that runtime, its
// ready line, the requests to try, and a clean stop on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { RUNTIMES, runtimeMissing } from '../src/runtimes.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('pnpm demo hono --runtime', () => {
  // a runtime that is not installed: the test fails in CI (the start script says what is missing), and is skipped elsewhere
  for (const runtime of RUNTIMES) {
    it.skipIf(runtimeMissing(runtime) !== undefined && !process.env.CI)(
      `${runtime}: prints the ready line and the requests to try, and exits 0 on Ctrl-C`,
      async () => {
        const child = spawn(process.execPath, ['scripts/demo.mjs', 'hono', '--runtime', runtime], { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
        const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        try {
          const output = await new Promise<string>((resolve, reject) => {
            let text = '';
            const timer = setTimeout(() => reject(new Error(`no requests to try within ${PROCESS_WAIT_MS} ms: ${text}`)), PROCESS_WAIT_MS);
            child.stdout.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              if (!/\/api\/client\/v2\/fail/.test(text)) return;
              clearTimeout(timer);
              resolve(text);
            });
            let errors = '';
            child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
            child.on('exit', () => reject(new Error(`exited before the requests to try: ${text} ${errors}`)));
          });
          const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output)?.[1];
          expect(url).toBeDefined();
          expect(output).toContain(`curl -i -H 'Accept: application/json' -H 'Authorization: Bearer reader-token' ${url}/api/client/v2/widgets`);
          const answer = await fetch(`${url}/api/client/v2/widgets/9`, { headers: { accept: 'application/json', authorization: 'Bearer reader-token' }, signal: AbortSignal.timeout(PROCESS_WAIT_MS) });
          expect(answer.status).toBe(404);
          child.kill('SIGINT');
          expect(await exited).toBe(0);
        } finally {
          child.kill('SIGKILL');
        }
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  }

  it('refuses another runtime for a framework other than Hono', () => {
    const run = spawnSync(process.execPath, ['scripts/demo.mjs', 'koa', '--runtime', 'bun'], { cwd: ROOT, encoding: 'utf8', timeout: PROCESS_WAIT_MS });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('No runtime "bun" for koa');
  });
});
