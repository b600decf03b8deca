// `pnpm demo` builds only what is stale: a package whose sources (src/, package.json, its tsup
// config) are newer than its build, and every package that depends on one rebuilt (their
// declarations read its types). Nothing changed: nothing is built, and the demo starts at once.
// `pnpm build` (releases) still builds everything.
//
//   --for <folder>            only the packages that folder's project needs (its workspace
//                             dependencies, through other workspace projects such as the service kit)
//   --dry-run                 say what would be built, build nothing
//   --assume-changed <folder> take packages/<folder> as changed (with --dry-run, for a test that
//                             must not touch a source other tests are reading)
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

const args = process.argv.slice(2);
const optionValue = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const forFolder = optionValue('--for');
const assumedChanged = optionValue('--assume-changed');

/** The workspace dependencies a manifest names (`workspace:` ranges), by package name. */
function workspaceDependencies(manifest) {
  return Object.entries({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })
    .filter(([, range]) => String(range).startsWith('workspace:'))
    .map(([name]) => name);
}

const packages = new Map();
for (const folder of readdirSync(packagesDir).sort()) {
  const directory = join(packagesDir, folder);
  const manifestPath = join(directory, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.scripts?.build === undefined) continue;
  packages.set(manifest.name, { folder, directory, dependsOn: workspaceDependencies(manifest) });
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

// --for: the packages a project needs, followed through the other workspace projects it names
// (an example's service kit, which names core), by reading every workspace manifest once
let needed;
if (forFolder !== undefined) {
  const manifests = new Map();
  for (const group of ['packages', 'examples', 'suites']) {
    if (!existsSync(join(root, group))) continue;
    for (const folder of readdirSync(join(root, group))) {
      const path = join(root, group, folder, 'package.json');
      if (existsSync(path)) {
        const manifest = JSON.parse(readFileSync(path, 'utf8'));
        manifests.set(manifest.name, manifest);
      }
    }
  }
  const start = join(root, forFolder, 'package.json');
  if (!existsSync(start)) {
    console.error(`build-stale: no package.json in ${forFolder}`);
    process.exit(2);
  }
  needed = new Set();
  const follow = (manifest) => {
    for (const name of workspaceDependencies(manifest)) {
      if (needed.has(name)) continue;
      needed.add(name);
      if (manifests.has(name)) follow(manifests.get(name));
    }
  };
  follow(JSON.parse(readFileSync(start, 'utf8')));
}

const dryRun = args.includes('--dry-run');
const tsup = join(dirname(createRequire(import.meta.url).resolve('tsup/package.json')), 'dist', 'cli-default.js');
const rebuilt = new Set();
for (const name of ordered) {
  if (needed !== undefined && !needed.has(name)) continue;
  const { folder, directory, dependsOn } = packages.get(name);
  const sources = Math.max(newest(join(directory, 'src')), newest(join(directory, 'package.json')), newest(join(directory, 'tsup.config.ts')), newest(join(root, 'tsup.base.ts')));
  const stale = folder === assumedChanged || sources > oldestBuild(join(directory, 'dist')) || dependsOn.some((dependency) => rebuilt.has(dependency));
  if (!stale) continue;
  process.stdout.write(`${dryRun ? 'would build' : 'building'} packages/${folder} (changed since its last build)\n`);
  rebuilt.add(name);
  if (dryRun) continue;
  const run = spawnSync(process.execPath, [tsup, '--silent'], { cwd: directory, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
if (rebuilt.size === 0) process.stdout.write(needed === undefined ? 'every package is built and up to date\n' : `every package ${forFolder} needs is built and up to date\n`);
