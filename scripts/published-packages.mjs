// Which packages are published: every folder of packages/ whose manifest is not `private`. The one
// list the release, `pnpm pack:local` and the consumer suite pack from, so a private package
// (@error-contract/http-status, bundled into core and client at build time) is never packed.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root. */
export const repositoryRoot = new URL('..', import.meta.url).pathname;

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
 * The file name `pnpm pack` gives a package's tarball.
 * @example tarballFile({ name: '@error-contract/core', version: '0.3.0' }) // 'error-contract-core-0.3.0.tgz'
 */
export function tarballFile({ name, version }) {
  return `${name.replace('@', '').replace('/', '-')}-${version}.tgz`;
}

/**
 * Packs every published package into `out` with one pnpm run (`pnpm -r --filter <each> pack`: one
 * process, not one per package, which matters on a busy machine); pnpm rewrites `workspace:^` to
 * versions. Returns the tarballs' paths, in the order of `publishedPackages`. Needs `pnpm build` first.
 * @example packPublished('/tmp/packed') // ['/tmp/packed/error-contract-client-0.3.0.tgz', ...]
 */
export function packPublished(out, root = repositoryRoot) {
  const packages = publishedPackages(root);
  const filters = packages.flatMap((pkg) => ['--filter', pkg.name]);
  execFileSync('npx', ['-y', 'pnpm@10', '-r', ...filters, 'pack', '--pack-destination', out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return packages.map((pkg) => join(out, tarballFile(pkg)));
}
