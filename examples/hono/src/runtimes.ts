// The service on another runtime, started as its users start it: `node scripts/start.mjs <runtime>`
// (what `pnpm run start:<runtime>` runs) with PORT, HOST, RATE_LIMIT, RATE_WINDOW_S and REDIS_URL, ready on its
// `listening on` line. For tests that hold those runtimes to what Node's service does
// (test/*.test.ts here, suites/one-body, suites/hostile-http); Node only.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StartService } from '@error-contract/service-kit';
import { type Runtime, runtimeBinary } from '../../../scripts/runtimes.mjs';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

export type { Runtime };
export const RUNTIMES: readonly Runtime[] = ['bun', 'deno', 'workerd'];
/** This example's directory, where the start script runs. */
export const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));
const READY_MS = PROCESS_WAIT_MS;

/**
 * The conformance cases each runtime's own server refuses before the app runs, and its answer, as
 * measured: workerd's refuses a raw `<` or `>` in the request target (RFC 3986 leaves them out of a
 * URI) with a text/plain 400. README.md, "What each runtime's server refuses", has the rest.
 */
export const REFUSED_BY_SERVER: Readonly<Record<Runtime, Readonly<Record<string, { status: number; contentType: string }>>>> = {
  bun: {},
  deno: {},
  workerd: { 'an absent widget, query not in instance': { status: 400, contentType: 'text/plain' } },
};

/** The command `pnpm run start:<runtime>` runs, from {@link EXAMPLE}. */
export function startCommand(runtime: Runtime): string[] {
  return [process.execPath, 'scripts/start.mjs', runtime];
}

/** Why `runtime` cannot run here, or undefined when its binary is installed. */
export function runtimeMissing(runtime: Runtime): string | undefined {
  if (runtimeBinary(runtime, EXAMPLE) !== undefined) return undefined;
  return `${runtime} is not installed for examples/hono (its devDependency brings the platform binary; run \`npx -y pnpm@10 install\`)`;
}

/**
 * Starts the service on `runtime` in a process of its own. What it writes to stderr is handed to
 * the config's `log`, as text. Stopping it is SIGTERM; an exit code other than 0 fails the stop.
 *
 * @example
 * const server = await startOn('deno')({ port: 0, host: '127.0.0.1', rateLimit: 100, rateWindowS: 60 });
 */
export function startOn(runtime: Runtime): StartService {
  return (config) =>
    new Promise((resolve, reject) => {
      const [command, ...args] = startCommand(runtime);
      const env: Record<string, string | undefined> = { ...process.env, PORT: String(config.port), HOST: config.host, RATE_LIMIT: String(config.rateLimit), RATE_WINDOW_S: String(config.rateWindowS) };
      if (config.redisUrl === undefined) delete env.REDIS_URL;
      else env.REDIS_URL = config.redisUrl;
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
