// The service as the tests start it, from Node: `node scripts/start.mjs` (what `pnpm start` runs)
// in a process of its own, with PORT, HOST, RATE_LIMIT, RATE_WINDOW_S and REDIS_URL, ready on its
// `listening on` line. For the conformance table here and suites/one-body, suites/hostile-http.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StartService } from '@error-contract/service-kit';
import { runtimeBinary } from '../../../scripts/runtimes.mjs';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

/** This example's directory, where the start script runs. */
export const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));
const READY_MS = PROCESS_WAIT_MS;

/** The command `pnpm start` runs, from {@link EXAMPLE}. */
export const START_COMMAND: readonly string[] = [process.execPath, 'scripts/start.mjs'];

/** Why Bun cannot run here, or undefined when its binary is installed. */
export function bunMissing(): string | undefined {
  if (runtimeBinary('bun', EXAMPLE) !== undefined) return undefined;
  return 'bun is not installed for examples/elysia (its devDependency brings the platform binary; run `npx -y pnpm@10 install`)';
}

/**
 * Starts the service on Bun in a process of its own. What it writes to stderr is handed to the
 * config's `log`, as text. Stopping it is SIGTERM; an exit code other than 0 fails the stop.
 *
 * @example
 * const server = await startService({ port: 0, host: '127.0.0.1', rateLimit: 100, rateWindowS: 60 });
 */
export const startService: StartService = (config) =>
  new Promise((resolve, reject) => {
    const [command, ...args] = START_COMMAND;
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(config.port), HOST: config.host, RATE_LIMIT: String(config.rateLimit), RATE_WINDOW_S: String(config.rateWindowS) };
    if (config.redisUrl === undefined) delete env.REDIS_URL;
    else env.REDIS_URL = config.redisUrl;
    const child = spawn(command!, args, { cwd: EXAMPLE, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`elysia on bun: no ready line within ${READY_MS} ms: ${output}`));
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
          if (code !== 0) throw new Error(`elysia on bun: exit code ${code} after SIGTERM`);
        },
      });
    });
    // 'close' comes after the child's last output, which names why it stopped
    child.on('close', (code) => {
      clearTimeout(timer);
      // a REDIS_URL it cannot reach: the service's own message, as the services started in this process reject
      const refusal = /^(?:error: )?(REDIS_URL: [^\n]*)$/m.exec(output);
      reject(new Error(refusal?.[1] ?? `elysia on bun: exited (${code}) before the ready line: ${output}`));
    });
  });
