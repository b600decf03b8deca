// The service on another runtime, as the conformance suite starts a service: `node scripts/start.mjs
// <runtime>` (what `pnpm run start:<runtime>` runs) with PORT=0, HOST, RATE_LIMIT and RATE_WINDOW_S,
// ready on its `listening on` line; what it writes to stderr is handed to the config's `log`.
// Stopping it is SIGTERM, and anything but exit code 0 fails the stop.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StartService } from '@error-contract/service-kit';
import { describe, expect, it } from 'vitest';
import { type Runtime, runtimeBinary } from '../../../scripts/runtimes.mjs';

export const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));
const READY_MS = 30_000;

/** The command `pnpm run start:<runtime>` runs. */
export function startCommand(runtime: Runtime): string[] {
  return [process.execPath, 'scripts/start.mjs', runtime];
}

export function spawned(runtime: Runtime): StartService {
  return (config) =>
    new Promise((resolve, reject) => {
      const [command, ...args] = startCommand(runtime);
      const env: Record<string, string | undefined> = { ...process.env, PORT: String(config.port), HOST: config.host, RATE_LIMIT: String(config.rateLimit), RATE_WINDOW_S: String(config.rateWindowS) };
      delete env.REDIS_URL;
      const child = spawn(command!, args, { cwd: EXAMPLE, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
      let output = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${runtime}: no ready line within ${READY_MS} ms: ${output}`));
      }, READY_MS);
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        config.log?.(chunk.toString());
      });
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /^listening on (http:\/\/\S+)$/m.exec(output);
        if (ready === null) return;
        clearTimeout(timer);
        resolve({
          url: ready[1]!,
          close: async () => {
            child.kill('SIGTERM');
            const code = await exited;
            if (code !== 0) throw new Error(`${runtime}: exit code ${code} after SIGTERM`);
          },
        });
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${runtime}: exited (${code}) before the ready line: ${output}`));
      });
    });
}

/**
 * Whether `runtime` is installed here. When it is not: in CI (CI=true) a failing test says so, since
 * the devDependency must have brought it; elsewhere the runtime's tests are skipped with a notice.
 */
export function runtimeInstalled(runtime: Runtime): boolean {
  if (runtimeBinary(runtime, EXAMPLE) !== undefined) return true;
  const why = `${runtime} is not installed for examples/hono (its devDependency brings the platform binary; run \`npx -y pnpm@10 install\`)`;
  if (process.env.CI) {
    describe(`hono on ${runtime}`, () => {
      it('finds the runtime', () => {
        expect.fail(why);
      });
    });
  } else console.warn(`examples/hono: the ${runtime} tests are skipped: ${why}`);
  return false;
}
