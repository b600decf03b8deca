// `pnpm start`: the reference service on Bun, with the environment and the ready line of the other
// examples (REFERENCE-SERVICE.md, "Starting it"). Bun is this package's devDependency, run from its
// platform binary (scripts/runtimes.mjs at the root says why); nothing is downloaded. SIGINT and
// SIGTERM are passed on, and Bun's exit is ours.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireRuntimeBinary } from '../../../scripts/runtimes.mjs';

const example = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(requireRuntimeBinary('bun', example), ['src/main.ts'], { cwd: example, stdio: 'inherit', env: { ...process.env, DO_NOT_TRACK: '1' } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (error) => {
  console.error(error);
  process.exit(1);
});
