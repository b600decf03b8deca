// Starts one benchmark server per process, pinned to its own core where taskset exists.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const SERVER_CORE = '1';
export const LOAD_CORE = '0';
export const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** Starts `servers/<framework>.mjs <variant>`; resolves with { child, port } once it listens. */
export function startServer(framework, variant) {
  const script = join(here, '..', 'servers', `${framework}.mjs`);
  const command = hasTaskset ? 'taskset' : process.execPath;
  const args = hasTaskset ? ['-c', SERVER_CORE, process.execPath, script, variant] : [script, variant];
  // stderr goes nowhere: every variant logs its 5xx there, and all pay the same.
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: { ...process.env, NODE_ENV: 'production' } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${framework}/${variant} did not start within 15 s`)), 15_000);
    child.once('exit', (code) => reject(new Error(`${framework}/${variant} exited with ${code}`)));
    child.on('message', (message) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve({ child, port: message.port, framework, variant });
    });
  });
}

export function stopServer(server) {
  server.child.removeAllListeners('exit');
  server.child.kill('SIGKILL');
}

/** Pins this process (the load generator) to the other core. */
export function pinLoadGenerator() {
  if (hasTaskset) spawnSync('taskset', ['-cp', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
}
