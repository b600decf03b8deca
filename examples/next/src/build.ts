// `next build` when needed: when there is no build, or a source is newer than it. Builds are
// serialised across processes (test files and suites start the service at once) by a lock folder.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce } from '@error-contract/service-kit/build-once';

/** One Next app to build and start: its folder, its Next, what its build is made from. */
export interface NextApp {
  appDir: string;
  nextBin: string;
  /** Paths (relative to appDir) whose changes make the build stale. */
  sources: string[];
  /** The build command's arguments. */
  buildArgs: string[];
  /** Folders and files copied in from another app before each build (relative to appDir). */
  copied?: Array<{ from: string; to: string }>;
  /** The build's folder, as the app's next.config sets `distDir` (`.next` by default). */
  distDir?: string;
  /** The environment of the build, added to this process's (the app's next.config may read it). */
  env?: Record<string, string>;
}

/** The output `next build` printed (its route table), kept in the build's folder. */
export const BUILD_OUTPUT = 'build-output.txt';

/** The Next app's folder (examples/next). */
export const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Next's own command line, run with this Node. */
export const NEXT_BIN = createRequire(import.meta.url).resolve('next/dist/bin/next');

/** The reference service on Next 16 (this folder), built as users build: `next build` (Turbopack). */
export const NEXT_16: NextApp = {
  appDir: APP_DIR,
  nextBin: NEXT_BIN,
  sources: ['app', 'lib', 'routes', 'proxy.ts', 'instrumentation.ts', 'next.config.ts', 'package.json', '../service-kit/src', '../../packages/next/dist', '../../packages/core/dist'],
  buildArgs: ['build'],
};

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Whether `.next` is there and newer than every source. */
export function isBuildFresh(app: NextApp = NEXT_16): boolean {
  const buildId = join(app.appDir, app.distDir ?? '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  return app.sources.every((source) => newestChange(join(app.appDir, source)) <= built);
}

function build(app: NextApp): Promise<void> {
  for (const { from, to } of app.copied ?? []) {
    rmSync(join(app.appDir, to), { recursive: true, force: true });
    cpSync(join(app.appDir, from), join(app.appDir, to), { recursive: true });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [app.nextBin, ...app.buildArgs], { cwd: app.appDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...app.env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const distDir = join(app.appDir, app.distDir ?? '.next');
      if (code === 0) {
        writeFileSync(join(distDir, BUILD_OUTPUT), output);
        return resolve();
      }
      // Next writes BUILD_ID before a build can still fail: without it, the next start builds again
      rmSync(join(distDir, 'BUILD_ID'), { force: true });
      reject(new Error(`next build failed (exit ${code}):\n${output}`));
    });
  });
}

/** Builds the app unless its build is fresh; waits for a build another process is making. */
export async function ensureBuilt(app: NextApp = NEXT_16): Promise<void> {
  await buildOnce({
    lock: join(app.appDir, '.next-build.lock'),
    isFresh: () => isBuildFresh(app),
    build: () => build(app),
    announce: `${app.appDir}: next build (about a minute)...`,
  });
}
