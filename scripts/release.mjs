// `pnpm release [--dry-run]`: builds, runs the checks, packs every published package as it would be
// published (pnpm rewrites `workspace:^` to versions) and checks each tarball holds what a user
// needs (LICENSE, README.md, CHANGELOG.md, dist); then publishes with changesets, or with
// --dry-run (CI) runs `npm publish --dry-run` on each tarball and publishes nothing. Prints each
// package's packed and unpacked size. No standard input is read; no credentials are needed for the dry run.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { packPublished, publishedPackages } from './published-packages.mjs';

const dryRun = process.argv.includes('--dry-run');
const root = new URL('..', import.meta.url).pathname;
const run = (command, args, options = {}) => execFileSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...options });
const pnpm = (...args) => run('npx', ['-y', 'pnpm@10', ...args]);

pnpm('build');
pnpm('typecheck');
pnpm('check:packages');
pnpm('api:check');

{
  const rows = [];
  // the tarballs check:packages packed into packed/ (private packages, http-status bundled into
  // core and client, are never packed); packPublished packs again only what changed since
  const tarballs = packPublished();
  for (const [index, manifest] of publishedPackages().entries()) {
    const tarball = tarballs[index];
    const listing = execFileSync('tar', ['-tzvf', tarball], { encoding: 'utf8' }).trim().split('\n');
    const files = listing.map((line) => line.split(/\s+/).at(-1));
    const unpacked = listing.reduce((sum, line) => sum + Number(line.split(/\s+/)[2]), 0);
    for (const needed of ['package/LICENSE', 'package/README.md', 'package/CHANGELOG.md', 'package/package.json']) {
      if (!files.includes(needed)) throw new Error(`${manifest.name}: the tarball has no ${needed.slice('package/'.length)}`);
    }
    if (!files.some((file) => file.startsWith('package/dist/'))) throw new Error(`${manifest.name}: the tarball has no dist/`);
    const packedManifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
    const workspaceRange = JSON.stringify(packedManifest).match(/"workspace:[^"]*"/);
    if (workspaceRange) throw new Error(`${manifest.name}: the packed manifest still has ${workspaceRange[0]}`);
    rows.push({ name: manifest.name, version: manifest.version, files: files.length, packed: statSync(tarball).size, unpacked, tarball });
  }
  console.log('\n| package | version | files | packed | unpacked |\n|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.name} | ${row.version} | ${row.files} | ${(row.packed / 1024).toFixed(1)} kB | ${(row.unpacked / 1024).toFixed(1)} kB |`);
  if (dryRun) {
    for (const row of rows) run('npm', ['publish', '--dry-run', '--access', 'public', '--tag', 'dry-run', row.tarball], { stdio: ['ignore', 'ignore', 'inherit'] });
    console.log(`\nrelease:dry-run: ${rows.length} packages built, checked, packed and dry-run published; nothing was published.`);
  } else {
    pnpm('changeset', 'publish');
  }
}
