// The Next.js fixture (next-app/): built once per run (when its build is missing or older than
// its sources), then served by `next start` twice: without the contract and with it on /api.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '@error-contract/example-next/build';
import type { Running } from './servers.js';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

const APP_DIR = fileURLToPath(new URL('../next-app/', import.meta.url));
const NEXT_BIN = createRequire(import.meta.url).resolve('next/dist/bin/next');
const SOURCES = ['app', 'pages', 'lib', 'proxy.js', 'next.config.mjs', '../public', '../../../packages/next/dist', '../../../packages/core/dist'];

function run(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, [NEXT_BIN, ...args], { cwd: APP_DIR, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
}

/**
 * `next build` (webpack, as examples/next) unless the build is fresh; one process builds at a
 * time. The example's own build step, given this app: its freshness check, lock and clean-up of a
 * failed build.
 */
export function buildNextFixture(): Promise<void> {
  return ensureBuilt({ appDir: APP_DIR, nextBin: NEXT_BIN, sources: SOURCES, buildArgs: ['build', '--webpack'] });
}

/** `next start` on a free port, the contract on /api (`scoped`) or not at all (`none`). */
export async function startNextFixture(mode: 'none' | 'scoped'): Promise<Running> {
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
