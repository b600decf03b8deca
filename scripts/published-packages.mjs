// Which packages are published: every folder of packages/ whose manifest is not `private`, and
// the one folder they are packed into (`packed/`). The release dry run, the package checks
// (publint, arethetypeswrong), `pnpm pack:local` and the consumer suite's installs all read the
// same tarballs, packed again only when what they are made of changed: one pack per change, not
// one per reader. A private package (@error-contract/http-status, bundled into core and client at
// build time) is never packed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const repositoryRoot = new URL('..', import.meta.url).pathname;

/** The folder every reader of the tarballs shares (ignored by git). */
export const packedDir = join(repositoryRoot, 'packed');

/**
 * The published packages of the repository at `root`, in folder order: `{ folder, name, version, directory }`.
 * @example publishedPackages().map((pkg) => pkg.name) // ['@error-contract/client', '@error-contract/core', ...]
 */
export function publishedPackages(root = repositoryRoot) {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ folder: entry.name, directory: join(root, 'packages', entry.name), manifest: JSON.parse(readFileSync(join(root, 'packages', entry.name, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ folder, directory, manifest }) => ({ folder, directory, name: manifest.name, version: manifest.version }));
}

/**
 * The named packages (folders or `@error-contract/` names) and, through their `dependencies`, every
 * published package of ours they need: the folders whose tarballs an app installs.
 * @example withDependencies(['@error-contract/nitro']) // Set { 'nitro', 'h3', 'core' }
 */
export function withDependencies(names, root = repositoryRoot) {
  const byFolder = new Map(publishedPackages(root).map((pkg) => [pkg.folder, pkg]));
  const needed = new Set();
  const visit = (folder) => {
    if (needed.has(folder) || !byFolder.has(folder)) return;
    needed.add(folder);
    const manifest = JSON.parse(readFileSync(join(byFolder.get(folder).directory, 'package.json'), 'utf8'));
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (name.startsWith('@error-contract/')) visit(name.slice('@error-contract/'.length));
    }
  };
  for (const name of names) visit(name.replace(/^@error-contract\//, ''));
  return needed;
}

/**
 * The file name `pnpm pack` gives a package's tarball.
 * @example tarballFile({ name: '@error-contract/core', version: '0.3.0' }) // 'error-contract-core-0.3.0.tgz'
 */
export function tarballFile({ name, version }) {
  return `${name.replace('@', '').replace('/', '-')}-${version}.tgz`;
}

/**
 * This process's environment without the `npm_config_*` variables a pnpm script runs with: npx
 * (npm) would warn about each setting of pnpm's it does not know (`auto-install-peers`, ...).
 */
function withoutPnpmConfig() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')));
}

/** The newest modification time under `path` (a file or a folder), 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

/**
 * Whether a package's tarball in `out` is missing or older than what it is made of: its build, its
 * manifest, README, CHANGELOG and LICENSE, and every published manifest (pnpm writes the others'
 * versions into it).
 */
function isStale(pkg, out, packages) {
  const tarball = join(out, tarballFile(pkg));
  if (!existsSync(tarball)) return true;
  const packedAt = statSync(tarball).mtimeMs;
  const sources = ['dist', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].map((file) => newest(join(pkg.directory, file)));
  const manifests = packages.map((other) => newest(join(other.directory, 'package.json')));
  return Math.max(...sources, ...manifests) > packedAt;
}

/**
 * Packs the published packages whose tarball in `out` (default `packed/`) is missing or stale, with
 * one pnpm run (`pnpm -r --filter <each> pack`: one process, not one per package, which matters on a
 * busy machine); pnpm rewrites `workspace:^` to versions. Tarballs of our packages that are not the
 * current ones (an older version) are removed, so the folder holds exactly what would be published.
 * Returns the tarballs' paths, in the order of `publishedPackages`. Needs a build first.
 * Not for two processes at once: a run of tests packs in a global setup, once.
 * @example packPublished() // ['/work/main/packed/error-contract-client-0.3.0.tgz', ...]
 */
export function packPublished(out = packedDir, root = repositoryRoot) {
  const packages = publishedPackages(root);
  mkdirSync(out, { recursive: true });
  const current = new Set(packages.map(tarballFile));
  for (const file of readdirSync(out)) if (file.startsWith('error-contract-') && file.endsWith('.tgz') && !current.has(file)) rmSync(join(out, file));
  const stale = packages.filter((pkg) => isStale(pkg, out, packages));
  if (stale.length > 0) {
    const filters = stale.flatMap((pkg) => ['--filter', pkg.name]);
    execFileSync('npx', ['-y', 'pnpm@10', '-r', ...filters, 'pack', '--pack-destination', out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: withoutPnpmConfig() });
  }
  return packages.map((pkg) => join(out, tarballFile(pkg)));
}
