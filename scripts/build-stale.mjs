// `pnpm demo` builds only what is stale: a package whose sources (src/, package.json, its tsup
// config) are newer than its build, and every package that depends on one rebuilt (their
// declarations read its types). Nothing changed: nothing is built, and the demo starts at once.
// `pnpm build` (tests, CI, releases) still builds everything. `--dry-run` says what it would build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packagesDir = join(root, 'packages');

/** The newest modification time under `path` (a file or a folder), 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

/** The oldest modification time of a build's files, 0 when there is no build. */
function oldestBuild(dist) {
  if (!existsSync(dist)) return 0;
  const times = readdirSync(dist).map((name) => statSync(join(dist, name)).mtimeMs);
  return times.length === 0 ? 0 : Math.min(...times);
}

const packages = new Map();
for (const folder of readdirSync(packagesDir).sort()) {
  const directory = join(packagesDir, folder);
  const manifestPath = join(directory, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.scripts?.build === undefined) continue;
  const dependsOn = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })
    .filter(([, range]) => String(range).startsWith('workspace:'))
    .map(([name]) => name);
  packages.set(manifest.name, { folder, directory, dependsOn });
}

// in dependency order, so that a package is built after what it imports
const ordered = [];
const visit = (name, trail = new Set()) => {
  const entry = packages.get(name);
  if (entry === undefined || ordered.includes(name) || trail.has(name)) return;
  trail.add(name);
  for (const dependency of entry.dependsOn) visit(dependency, trail);
  ordered.push(name);
};
for (const name of packages.keys()) visit(name);

const dryRun = process.argv.includes('--dry-run');
const tsup = join(dirname(createRequire(import.meta.url).resolve('tsup/package.json')), 'dist', 'cli-default.js');
const rebuilt = new Set();
for (const name of ordered) {
  const { folder, directory, dependsOn } = packages.get(name);
  const sources = Math.max(newest(join(directory, 'src')), newest(join(directory, 'package.json')), newest(join(directory, 'tsup.config.ts')), newest(join(root, 'tsup.base.ts')));
  const stale = sources > oldestBuild(join(directory, 'dist')) || dependsOn.some((dependency) => rebuilt.has(dependency));
  if (!stale) continue;
  process.stdout.write(`${dryRun ? 'would build' : 'building'} packages/${folder} (changed since its last build)\n`);
  rebuilt.add(name);
  if (dryRun) continue;
  const run = spawnSync(process.execPath, [tsup, '--silent'], { cwd: directory, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
if (rebuilt.size === 0) process.stdout.write('every package is built and up to date\n');
