// Nitro's bench servers are built apps (servers/nitro/, one build per variant into
// servers/nitro/.output/<variant>): built here before a server starts, when missing or older than
// what it is made of, so that a server's start is a start and not a build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const APP_DIR = join(here, 'nitro');
const SOURCES = [APP_DIR, join(here, '../../packages/nitro/dist'), join(here, '../../packages/h3/dist'), join(here, '../../packages/core/dist')];

/** The built server's entry of a variant: its `middleware` export is a Node request listener. */
export function nitroEntry(variant) {
  return join(APP_DIR, '.output', variant, 'server', 'index.mjs');
}

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== '.output' && name !== 'node_modules' && name !== '.nitro')
    .reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** Builds a variant's app unless its build is newer than every source. */
export function ensureNitroBuilt(variant) {
  const entry = nitroEntry(variant);
  if (existsSync(entry) && SOURCES.every((source) => newestChange(source) <= statSync(entry).mtimeMs)) return;
  const cli = join(dirname(createRequire(import.meta.url).resolve('nitro/package.json')), 'dist/cli/index.mjs');
  const built = spawnSync(process.execPath, [cli, 'build'], { cwd: APP_DIR, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', BENCH_NITRO_VARIANT: variant }, timeout: 300_000 });
  if (built.status !== 0 || !existsSync(entry)) throw new Error(`nitro build of the ${variant} bench server failed:\n${built.stdout}\n${built.stderr}`);
}
