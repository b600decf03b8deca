// `pnpm run start:bun` (start:deno, start:workerd): the reference service on another runtime, with
// the environment and the ready line of `pnpm start` (REFERENCE-SERVICE.md, "Starting it"). Each
// runtime is this package's devDependency, run from its platform binary (scripts/runtimes.mjs at
// the root says why); nothing is downloaded. SIGINT and SIGTERM stop it with exit code 0.
//
//   bun      runs src/main.bun.ts as it is (Bun reads TypeScript and node_modules)
//   deno     runs src/main.deno.ts as it is (--sloppy-imports: the sources import './x.js' for x.ts)
//   workerd  bundles src/worker.ts with esbuild, writes a workerd config with RATE_LIMIT and
//            RATE_WINDOW_S as text bindings and HOST:PORT as its socket, and serves it; the port
//            workerd bound (PORT=0 picks one) is read from its control channel.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireRuntimeBinary, workerdConfig } from '../../../scripts/runtimes.mjs';

const example = join(dirname(fileURLToPath(import.meta.url)), '..');
const runtime = process.argv[2];

/** Runs `binary` in the example's directory, passing stdio through; its exit is ours. */
function run(binary, args) {
  const child = spawn(binary, args, { cwd: example, stdio: 'inherit', env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DO_NOT_TRACK: '1' } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
}

async function startWorkerd() {
  if (process.env.REDIS_URL) {
    console.error('REDIS_URL: the Redis rate limit store needs Node sockets and is left out on workerd (README.md); unset it to use the in-memory store.');
    process.exit(2);
  }
  const host = process.env.HOST || '127.0.0.1';
  const port = process.env.PORT || '3000';
  const workerd = requireRuntimeBinary('workerd', example);
  const { build } = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'example-hono-workerd-'));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    await build({
      entryPoints: [join(example, 'src/worker.ts')],
      outfile: join(dir, 'worker.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      conditions: ['workerd', 'worker', 'browser'],
      external: ['node:*'],
      // The Redis store is left out: its client is replaced by a module that refuses to be used.
      alias: { ioredis: join(example, 'scripts/no-redis.mjs') },
      logLevel: 'warning',
    });
  } catch (error) {
    cleanUp();
    throw error;
  }
  const bindings = { RATE_LIMIT: process.env.RATE_LIMIT ?? '', RATE_WINDOW_S: process.env.RATE_WINDOW_S ?? '' };
  writeFileSync(join(dir, 'config.capnp'), workerdConfig(`${host.includes(':') ? `[${host}]` : host}:${port}`, bindings));

  // fd 3 is workerd's control channel: one JSON line per event, `{"event":"listen","socket":"http","port":N}` once bound.
  const child = spawn(workerd, ['serve', join(dir, 'config.capnp'), '--control-fd=3', '--verbose'], { cwd: dir, env: { ...process.env, PWD: dir }, stdio: ['ignore', 'inherit', 'inherit', 'pipe'] });
  let stopping = false;
  let control = '';
  child.stdio[3].on('data', (chunk) => {
    control += chunk.toString();
    let newline;
    while ((newline = control.indexOf('\n')) !== -1) {
      const line = control.slice(0, newline);
      control = control.slice(newline + 1);
      try {
        const event = JSON.parse(line);
        if (event.event === 'listen' && event.socket === 'http') console.log(`listening on http://${host}:${event.port}`);
      } catch {
        // not an event we read
      }
    }
  });
  const stop = (signal) => {
    stopping = true;
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
  child.on('exit', (code) => {
    cleanUp();
    // workerd ends on a signal without a graceful exit code of its own; asked to stop, we stopped.
    process.exit(stopping ? 0 : (code ?? 1));
  });
}

if (runtime === 'bun') run(requireRuntimeBinary('bun', example), ['src/main.bun.ts']);
else if (runtime === 'deno') run(requireRuntimeBinary('deno', example), ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', '--sloppy-imports', '--no-prompt', 'src/main.deno.ts']);
else if (runtime === 'workerd') await startWorkerd();
else {
  console.error(`usage: node scripts/start.mjs bun|deno|workerd (got ${JSON.stringify(runtime)})`);
  process.exit(2);
}
