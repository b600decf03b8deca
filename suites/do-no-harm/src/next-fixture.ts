// The Next.js fixture (next-app/): built twice, without the contract and with it on /api, each
// into its own folder (when its build is missing or older than its sources), and served by
// `next start` in each mode. Two builds, not one: what Next prerenders at build time (a static
// route, `revalidate`) and what it bundles (the pages' chunks) must be compared too.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_OUTPUT, ensureBuilt, type NextApp } from '@error-contract/example-next/build';
import type { Running } from './servers.js';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

const APP_DIR = fileURLToPath(new URL('../next-app/', import.meta.url));
const NEXT_BIN = createRequire(import.meta.url).resolve('next/dist/bin/next');
const SOURCES = ['app', 'pages', 'lib', 'proxy.js', 'next.config.mjs', '../public', '../../../packages/next/dist', '../../../packages/core/dist'];

export type FixtureMode = 'none' | 'scoped';

/** The fixture's build in one mode: `next build` as users run it (Turbopack, Next 16's default). */
function fixtureApp(mode: FixtureMode): NextApp {
  return { appDir: APP_DIR, nextBin: NEXT_BIN, sources: SOURCES, buildArgs: ['build'], distDir: `.next-${mode}`, env: { FIXTURE_CONTRACT: mode } };
}

function run(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, [NEXT_BIN, ...args], { cwd: APP_DIR, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
}

/**
 * `next build` of both modes, each unless its build is fresh; one process builds at a time. The
 * example's own build step, given this app: its freshness check, lock and clean-up of a failed build.
 */
export async function buildNextFixture(): Promise<void> {
  await ensureBuilt(fixtureApp('none'));
  await ensureBuilt(fixtureApp('scoped'));
}

/** The route table `next build` printed for a mode, from `Route (app)` to its legend. */
export function routeTable(mode: FixtureMode): string {
  const output = readFileSync(join(APP_DIR, `.next-${mode}`, BUILD_OUTPUT), 'utf8');
  const start = output.indexOf('Route (app)');
  const end = output.indexOf('○  (Static)', start);
  return output.slice(start, end === -1 ? undefined : end).trimEnd();
}

/** A file of a mode's build, for comparing what Next made of the two. */
export function builtFile(mode: FixtureMode, path: string): string {
  return readFileSync(join(APP_DIR, `.next-${mode}`, path), 'utf8');
}

/** `next start` on a free port, the contract on /api (`scoped`) or not at all (`none`). */
export async function startNextFixture(mode: FixtureMode): Promise<Running> {
  const child = run(['start', '-p', '0', '-H', '127.0.0.1'], { FIXTURE_CONTRACT: mode });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stderr.resume();
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`next start: not ready in ${PROCESS_WAIT_MS} ms: ${output}`)), PROCESS_WAIT_MS);
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
