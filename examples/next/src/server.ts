// The reference service on Next.js, started as its users start it: `next start` (after `next build`
// when the build is missing or older than its sources), in a child process. The environment
// carries the configuration; 5xx the service logs come back as Errors to `config.log`.
import { spawn } from 'node:child_process';
import type { StartService } from '@error-contract/service-kit';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';
import { ensureBuilt, NEXT_16, type NextApp } from './build.js';

const LOG_MARK = 'error-contract-log ';

/**
 * Starts a Next app's reference service; port 0 picks a free one. REDIS_URL is not supported here.
 * `env` is added to the server's environment (METRICS_PORT: the Prometheus endpoint).
 */
export const startNextService = (app: NextApp, env: Record<string, string> = {}): StartService => async (config) => {
  await ensureBuilt(app);
  const child = spawn(process.execPath, [app.nextBin, 'start', '-p', String(config.port), '-H', config.host], {
    cwd: app.appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      RATE_LIMIT: String(config.rateLimit),
      RATE_WINDOW_S: String(config.rateWindowS),
      ...(config.log === undefined ? {} : { SERVICE_LOG: 'json' }),
      ...env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // a starter that dies takes its server with it
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));

  let pending = '';
  child.stderr.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let end: number;
    while ((end = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, end + 1);
      pending = pending.slice(end + 1);
      if (config.log !== undefined && line.startsWith(LOG_MARK)) {
        const { line: text, message, stack } = JSON.parse(line.slice(LOG_MARK.length)) as { line: string; message?: string; stack?: string };
        const error = message === undefined ? undefined : Object.assign(new Error(message), { stack });
        config.log(text, ...(error === undefined ? [] : [error]));
      } else process.stderr.write(line);
    }
  });

  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`next start: no ready line within ${PROCESS_WAIT_MS} ms: ${output}`)), PROCESS_WAIT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const local = /- Local:\s+(http:\/\/\S+)/.exec(output);
      if (local !== null && /Ready in/.test(output)) {
        clearTimeout(timer);
        resolve(local[1]!.replace(/\/$/, ''));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`next start exited (${code}) before it was ready: ${output}`));
    });
  });
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Starts the Next 16 reference service (this folder). */
export const startService: StartService = startNextService(NEXT_16);
