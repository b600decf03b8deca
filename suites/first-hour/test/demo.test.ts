// `pnpm demo` (scripts/demo.mjs, which runs scripts/build-stale.mjs for its service): the second time nothing is built,
// and the demo says which framework, runtime and platform it starts before it is ready.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../../test-waits.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function buildStale(...args: string[]) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['scripts/build-stale.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { ...run, seconds: (performance.now() - started) / 1000 };
}

/** Starts the demo, waits for its ready line, and stops it with Ctrl-C. */
async function demo(args: string[], env: Record<string, string> = {}): Promise<{ output: string; code: number | null }> {
  const child = spawn(process.execPath, ['scripts/demo.mjs', ...args], { cwd: ROOT, env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`not ready within ${PROCESS_WAIT_MS} ms: ${text}`)), PROCESS_WAIT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (/listening on http/.test(text)) {
          clearTimeout(timer);
          resolve(text);
        }
      });
      child.on('exit', () => reject(new Error(`exited before it was ready: ${text}`)));
    });
    child.kill('SIGINT');
    return { output, code: await exited };
  } finally {
    child.kill('SIGKILL');
  }
}

describe('pnpm demo', () => {
  it('builds nothing when every package is up to date, in well under a second', () => {
    // the test command built every package before the tests
    const run = buildStale();
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('every package is built and up to date\n');
    expect(run.seconds).toBeLessThan(5);
  });

  it('would rebuild a package whose sources changed, and the packages built on it, nothing else', () => {
    // a dry run that takes core as changed, touching no source: other suites read the builds,
    // and the demos they start check them, while this one runs
    const run = buildStale('--dry-run', '--assume-changed', 'core');
    expect(run.status).toBe(0);
    const planned = [...run.stdout.matchAll(/^would build packages\/(\S+)/gm)].map((match) => match[1]);
    expect(planned[0]).toBe('core');
    // every package built on core, and nothing that is not
    expect(planned).toEqual(expect.arrayContaining(['express', 'koa', 'hono', 'fastify', 'node', 'testing']));
    expect(planned).not.toContain('http-status');
    expect(buildStale().stdout).toBe('every package is built and up to date\n');
  });

  it("the demo builds only what its service needs: for Koa's, core, koa and node", () => {
    const run = buildStale('--dry-run', '--assume-changed', 'core', '--for', 'examples/koa');
    expect(run.status).toBe(0);
    const planned = [...run.stdout.matchAll(/^would build packages\/(\S+)/gm)].map((match) => match[1]);
    expect(planned.sort()).toEqual(['core', 'koa', 'node']);
    expect(buildStale('--for', 'examples/koa').stdout).toBe('every package examples/koa needs is built and up to date\n');
  });

  it('says the framework and the runtime before the ready line', async () => {
    const { output, code } = await demo(['koa']);
    expect(output).toMatch(/^The reference service on koa \(Node \d+\.\d+\.\d+\), starting\.\.\.$/m);
    expect(code).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it("says Nest's platform, as PLATFORM chooses it", async () => {
    const { output } = await demo(['nest'], { PLATFORM: 'fastify' });
    expect(output).toContain('The reference service on nest (Node');
    expect(output).toContain('platform-fastify');
  }, PROCESS_TEST_TIMEOUT_MS);
});
