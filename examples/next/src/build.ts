// `next build` when needed: when there is no build, or a source is newer than it. Builds are
// serialised across processes (test files and suites start the service at once) by a lock folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Next app's folder (examples/next). */
export const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_ID = join(APP_DIR, '.next', 'BUILD_ID');
const LOCK = join(APP_DIR, '.next-build.lock');
const STALE_LOCK_MS = 10 * 60_000;

/** Next's own command line, run with this Node. */
export const NEXT_BIN = createRequire(import.meta.url).resolve('next/dist/bin/next');

// What the build is made from: the app's files, the service kit's sources, the built packages.
const SOURCES = ['app', 'lib', 'routes', 'proxy.ts', 'next.config.ts', 'package.json', '../service-kit/src', '../../packages/next/dist', '../../packages/core/dist'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Whether `.next` is there and newer than every source. */
export function isBuildFresh(): boolean {
  if (!existsSync(BUILD_ID)) return false;
  const built = statSync(BUILD_ID).mtimeMs;
  return SOURCES.every((source) => newestChange(join(APP_DIR, source)) <= built);
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    // webpack: the kit's `./x.js` imports of TypeScript files are not resolved by Turbopack (next.config.ts)
    const child = spawn(process.execPath, [NEXT_BIN, 'build', '--webpack'], { cwd: APP_DIR, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (exit ${code}):\n${output}`))));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the app unless its build is fresh; waits for a build another process is making. */
export async function ensureBuilt(): Promise<void> {
  for (;;) {
    if (isBuildFresh()) return;
    try {
      mkdirSync(LOCK);
    } catch {
      // another process builds: wait for it, unless its lock was left behind long ago
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (!isBuildFresh()) {
        process.stderr.write('examples/next: next build (about a minute)...\n');
        await build();
      }
      return;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
