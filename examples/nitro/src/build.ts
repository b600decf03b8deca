// `nitro build` when needed: when there is no build, or a source is newer than it. Builds are
// serialised across processes (test files and suites start the service at once) by a lock folder.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce } from '@error-contract/service-kit/build-once';

/** One Nitro app to build and start: its folder, its Nitro command line, what its build is made from. */
export interface NitroApp {
  appDir: string;
  /** Nitro's command line (`nitro` for Nitro 3, `nitropack` for Nitro 2), run with this Node. */
  nitroBin: string;
  /** Paths (relative to appDir) whose changes make the build stale. */
  sources: string[];
}

/** The reference service's folder (examples/nitro). */
export const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

const require = createRequire(import.meta.url);

/** Nitro 3's command line. */
export const NITRO_BIN = join(dirname(require.resolve('nitro/package.json')), 'dist/cli/index.mjs');

/** The reference service on Nitro 3 (this folder). */
export const NITRO_3: NitroApp = {
  appDir: APP_DIR,
  nitroBin: NITRO_BIN,
  sources: ['server', 'nitro.config.ts', 'package.json', '../service-kit/src', '../../packages/nitro/dist', '../../packages/h3/dist', '../../packages/core/dist'],
};

/** The built server's entry: `node <this>` starts it on PORT and HOST. */
export function serverEntry(app: NitroApp): string {
  return join(app.appDir, '.output', 'server', 'index.mjs');
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Whether `.output` is there and newer than every source. */
export function isBuildFresh(app: NitroApp = NITRO_3): boolean {
  const entry = serverEntry(app);
  if (!existsSync(entry)) return false;
  const built = statSync(entry).mtimeMs;
  return app.sources.every((source) => newestChange(join(app.appDir, source)) <= built);
}

function build(app: NitroApp): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [app.nitroBin, 'build'], { cwd: app.appDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      rmSync(serverEntry(app), { force: true });
      reject(new Error(`nitro build failed (exit ${code}):\n${output}`));
    });
  });
}

/** Builds the app unless its build is fresh; waits for a build another process is making. */
export async function ensureBuilt(app: NitroApp = NITRO_3): Promise<void> {
  await buildOnce({
    lock: join(app.appDir, '.nitro-build.lock'),
    isFresh: () => isBuildFresh(app),
    build: () => build(app),
    announce: `${app.appDir}: nitro build (about half a minute)...`,
  });
}
