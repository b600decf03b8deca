// `pnpm demo elysia` (scripts/demo.mjs): the service on Bun, its ready line, the requests to try,
// and a clean stop on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';
import { bunMissing } from '../src/server.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('pnpm demo elysia', () => {
  // Bun not installed: the test fails in CI (the start script says what is missing), and is skipped elsewhere
  it.skipIf(bunMissing() !== undefined && !process.env.CI)(
    'prints the ready line and the requests to try, and exits 0 on Ctrl-C',
    async () => {
      const child = spawn(process.execPath, ['scripts/demo.mjs', 'elysia'], { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
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
        expect(output).toContain('The reference service on elysia (bun)');
        const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output)?.[1];
        expect(url).toBeDefined();
        const answer = await fetch(`${url}/api/client/v2/widgets`, { method: 'PUT', headers: { accept: 'application/json', authorization: 'Bearer reader-token' }, signal: AbortSignal.timeout(PROCESS_WAIT_MS) });
        expect(answer.status).toBe(405);
        expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
        child.kill('SIGINT');
        expect(await exited).toBe(0);
      } finally {
        child.kill('SIGKILL');
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('refuses a runtime Elysia\'s example does not run on', () => {
    const run = spawnSync(process.execPath, ['scripts/demo.mjs', 'elysia', '--runtime', 'deno'], { cwd: ROOT, encoding: 'utf8', timeout: PROCESS_WAIT_MS });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('No runtime "deno" for elysia');
  });
});
