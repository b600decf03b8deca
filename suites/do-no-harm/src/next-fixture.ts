// The Next.js fixture (next-app/): built once per run (when its build is missing or older than
// its sources), then served by `next start` twice: without the contract and with it on /api.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Running } from './servers.js';

const APP_DIR = fileURLToPath(new URL('../next-app/', import.meta.url));
const NEXT_BIN = createRequire(import.meta.url).resolve('next/dist/bin/next');
const BUILD_ID = join(APP_DIR, '.next', 'BUILD_ID');
const LOCK = join(APP_DIR, '.next-build.lock');
const SOURCES = ['app', 'pages', 'lib', 'proxy.js', 'next.config.mjs', '../public', '../../../packages/next/dist', '../../../packages/core/dist'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs);
}

function isFresh(): boolean {
  return existsSync(BUILD_ID) && SOURCES.every((source) => newestChange(join(APP_DIR, source)) <= statSync(BUILD_ID).mtimeMs);
}

function run(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, [NEXT_BIN, ...args], { cwd: APP_DIR, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
}

/** A lock whose holder is gone (killed mid-build) or that is older than a build can take. */
function isStaleLock(lock: string): boolean {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return Date.now() - statSync(lock).mtimeMs > 10 * 60_000;
  } catch (error) {
    // no such process, or no pid written yet (then only an old lock is stale)
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
    return existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000;
  }
}

/** `next build` (webpack, as examples/next) unless the build is fresh; one process builds at a time. */
export async function buildNextFixture(): Promise<void> {
  for (;;) {
    if (isFresh()) return;
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
    } catch {
      if (isStaleLock(LOCK)) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (isFresh()) return;
      const child = run(['build', '--webpack']);
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      if (code !== 0) {
        // Next writes BUILD_ID before a build can still fail: without it, the next run builds again
        rmSync(BUILD_ID, { force: true });
        throw new Error(`next build of the fixture failed (${code}):\n${output}`);
      }
      return;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

/** `next start` on a free port, the contract on /api (`scoped`) or not at all (`none`). */
export async function startNextFixture(mode: 'none' | 'scoped'): Promise<Running> {
  const child = run(['start', '-p', '0', '-H', '127.0.0.1'], { FIXTURE_CONTRACT: mode });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stderr.resume();
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`next start: not ready in 30 s: ${output}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const local = /- Local:\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (local !== null && /Ready in/.test(output)) {
        clearTimeout(timer);
        resolve(Number(local[1]));
      }
    });
  });
  return {
    port,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
