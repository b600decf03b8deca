// REFERENCE-SERVICE.md, "Starting it": one ready line on stdout, and a clean stop on SIGTERM.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_WAIT_MS } from '../../test-waits.js';
import { send } from './http.js';

/**
 * Starts an example's `src/main.ts` as its users do (through tsx), or `command` (another runtime's
 * start script), checks the ready line and that SIGTERM ends it with exit code 0.
 *
 * @example
 * describeStartup('express', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
 */
export function describeStartup(name: string, { cwd, command = [process.execPath, '--import', 'tsx', 'src/main.ts'] }: { cwd: string; command?: string[] }): void {
  describe(`startup: ${name}`, () => {
    it('prints "listening on http://127.0.0.1:<port>", serves, and exits 0 on SIGTERM', async () => {
      const child = spawn(command[0]!, command.slice(1), {
        cwd,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let output = '';
          const timer = setTimeout(() => reject(new Error(`no ready line within ${PROCESS_WAIT_MS} ms: ${output}`)), PROCESS_WAIT_MS);
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
            if (match) {
              clearTimeout(timer);
              resolve(match[1]!);
            }
          });
          child.on('exit', () => reject(new Error(`exited before the ready line: ${output}`)));
        });
        const received = await send(url, { method: 'GET', path: '/api/client/v1/widgets/1', headers: { accept: 'application/json', authorization: 'Bearer reader-token' } });
        expect(received.status).toBe(200);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        child.kill('SIGKILL');
      }
    }, PROCESS_TEST_TIMEOUT_MS);
  });
}
