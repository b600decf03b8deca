// Starts one benchmark server per process, pinned to its own core where taskset exists.
import { spawn, spawnSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireRuntimeBinary } from '../../scripts/runtimes.mjs';
import { ensureNitroBuilt } from '../servers/nitro-build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const SERVERS = join(here, '..', 'servers');
export const SERVER_CORE = '1';
export const LOAD_CORE = '0';
export const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
// V8 compiles and collects on the server's own thread: with its helper threads sharing the one
// pinned core, identical servers settled at two speeds (A/A, six floor servers: 0.81 to 1.01 of
// one another; with this flag 0.975 to 1.04; `node bench/noise.mjs`). CPU time counts every
// thread either way, so the work measured is the same, without the helpers' timing luck.
export const SERVER_NODE_FLAGS = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? ['--single-threaded'];

/** The servers (servers/*.mjs) that run on Bun, not Node. */
export const ON_BUN = new Set(['elysia.mjs']);

/**
 * Starts `node [nodeArgs] <script> [args]` (`bun <script> [args]` for {@link ON_BUN}); resolves with { child, port, ports, label } once it
 * listens (a script may listen on several ports: `ports`, with `port` the first).
 */
export function startScript(script, args = [], { label = script, nodeArgs = [], env = {} } = {}) {
  // Elysia's servers run on Bun (bench's devDependency; CI=true or not, a missing binary fails the
  // start): Node's flags do not apply, and Bun's gc is there without --expose-gc.
  const onBun = ON_BUN.has(basename(script));
  // a built app (Nitro's): built first, once per change, outside the start's time limit
  if (basename(script) === 'nitro.mjs') ensureNitroBuilt(args[0]);
  const runtime = onBun ? requireRuntimeBinary('bun', join(here, '..')) : process.execPath;
  const node = onBun ? [script, ...args] : [...SERVER_NODE_FLAGS, ...nodeArgs, script, ...args];
  const command = hasTaskset ? 'taskset' : runtime;
  const argv = hasTaskset ? ['-c', SERVER_CORE, runtime, ...node] : node;
  // stderr goes nowhere: every variant logs its 5xx there, and all pay the same.
  const child = spawn(command, argv, { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: { ...process.env, NODE_ENV: 'production', ...(onBun ? { DO_NOT_TRACK: '1' } : {}), ...env } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label} did not start within 15 s`));
    }, 15_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited with ${code ?? signal}`));
    });
    child.on('message', (message) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve({ child, port: message.port, ports: message.ports ?? [message.port], label });
    });
  });
}

/** Starts `servers/<framework>.mjs <variant>`. */
export async function startServer(framework, variant, options = {}) {
  const server = await startScript(join(SERVERS, `${framework}.mjs`), [variant], { label: `${framework}/${variant}`, ...options });
  return { ...server, framework, variant };
}

export function stopServer(server) {
  server.child.removeAllListeners('exit');
  server.child.kill('SIGKILL');
}

/** Pins this process (the load generator) to the other core. */
export function pinLoadGenerator() {
  if (hasTaskset) spawnSync('taskset', ['-cp', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
}
