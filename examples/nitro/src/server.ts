// The reference service on Nitro, started as Nitro's users start it: `node .output/server/index.mjs`
// (after `nitro build` when the build is missing or older than its sources), in a child process.
// The environment carries the configuration; 5xx the service logs come back to `config.log` as text.
import { spawn } from 'node:child_process';
import type { StartService } from '@error-contract/service-kit';
import { ensureBuilt, type NitroApp, NITRO_3, serverEntry } from './build.js';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

const LOG_MARK = 'error-contract-log ';
const READY_WITHIN_MS = PROCESS_WAIT_MS;

/**
 * Starts a built Nitro app's server; port 0 picks a free one. With `redisUrl`, the built server
 * connects to Redis before it listens (server/utils/service.ts), and a store it cannot reach is a
 * start that fails with the server's own `REDIS_URL: ...` line.
 */
export const startNitroService = (app: NitroApp): StartService => async (config) => {
  await ensureBuilt(app);
  // srvx (Nitro 3's server) prints no ready line when TEST is set, as test runners set it
  const { TEST: _test, REDIS_URL: _redisUrl, ...env } = process.env;
  const child = spawn(process.execPath, [serverEntry(app)], {
    cwd: app.appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(config.port),
      HOST: config.host,
      RATE_LIMIT: String(config.rateLimit),
      RATE_WINDOW_S: String(config.rateWindowS),
      ...(config.redisUrl === undefined ? {} : { REDIS_URL: config.redisUrl }),
      ...(config.log === undefined ? {} : { SERVICE_LOG: 'json' }),
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // 'close' comes after the child's last output: its refusal line is read by then
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  // a starter that dies takes its server with it
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));

  let pending = '';
  let refusal: string | undefined;
  child.stderr.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let end: number;
    while ((end = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, end + 1);
      pending = pending.slice(end + 1);
      if (config.log !== undefined && line.startsWith(LOG_MARK)) {
        // handed over as text (the stack names the error first): it can arrive after the answer
        // did, and the conformance suite then waits for the text of a service in its own process
        const { line: text, stack } = JSON.parse(line.slice(LOG_MARK.length)) as { line: string; stack?: string };
        config.log(text, ...(stack === undefined ? [] : [`\n${stack}`]));
      } else if (line.startsWith('REDIS_URL: ')) refusal = line.trim();
      else process.stderr.write(line);
    }
  });

  // a server that never said it was ready is stopped, not left behind
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`nitro server: no ready line within ${READY_WITHIN_MS} ms: ${output}`)), READY_WITHIN_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Nitro 3 (srvx): `➜ Listening on: http://127.0.0.1:3000/`; Nitro 2: `Listening on http://127.0.0.1:3000`
      const ready = /Listening on:? (http:\/\/\S+)/.exec(output);
      if (ready !== null) {
        clearTimeout(timer);
        resolve(ready[1]!.replace(/\/$/, ''));
      }
    });
    void closed.then((code) => {
      clearTimeout(timer);
      // the server's own line for a REDIS_URL it cannot reach, as the in-process services reject
      reject(new Error(refusal ?? `nitro server exited (${code}) before it was ready: ${output}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Starts the Nitro 3 reference service (this folder). */
export const startService: StartService = startNitroService(NITRO_3);
