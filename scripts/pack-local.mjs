// `npx -y pnpm@10 pack:local [dir] [package ...]`: packs every published package (pnpm rewrites
// `workspace:^` to versions; private packages are skipped) into `packed/` at the repository's
// root, only those changed since their last pack, copies them into `dir` when one is given, and
// prints the `npm install` line that installs them into another project, to try a change before
// it is released. Name the packages an app needs (`express`, `nitro`) and the line installs those
// and the packages of ours they depend on (nitro brings h3 and core), not every framework's
// adapter. The `pack:local` script builds what is stale first; this file does not.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { packedDir, packPublished, publishedPackages, withDependencies } from './published-packages.mjs';

const published = publishedPackages();
const byFolder = new Map(published.map((pkg) => [pkg.folder, pkg]));
const args = process.argv.slice(2);
const named = args.filter((arg) => byFolder.has(arg) || byFolder.has(arg.replace(/^@error-contract\//, '')));
const folders = args.filter((arg) => !named.includes(arg));
if (folders.length > 1) {
  console.error(`pack:local takes one folder and package names (${published.map((pkg) => pkg.folder).join(', ')}); got ${folders.join(', ')}`);
  process.exit(2);
}
const out = resolve(folders[0] ?? packedDir);

/** error-contract-core-0.1.0.tgz -> @error-contract/core, read from the packed folders' names. */
function packageNameOf(tarball) {
  return published.find((pkg) => basename(tarball).startsWith(`error-contract-${pkg.folder}-${pkg.version}`))?.name;
}

/** Our packages the tarballs' own manifests depend on. */
function dependencyNames(tarballs) {
  return new Set(
    tarballs.flatMap((tarball) => {
      const manifest = JSON.parse(readFileSync(join(byFolder.get(packageNameOf(tarball).slice('@error-contract/'.length)).directory, 'package.json'), 'utf8'));
      return Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@error-contract/'));
    }),
  );
}

let tarballs = packPublished();
if (named.length > 0) {
  const needed = withDependencies(named);
  tarballs = tarballs.filter((_tarball, index) => needed.has(published[index].folder));
}
if (out !== packedDir) {
  mkdirSync(out, { recursive: true });
  tarballs = tarballs.map((tarball) => {
    const copy = join(out, basename(tarball));
    copyFileSync(tarball, copy);
    return copy;
  });
}
const missing = tarballs.filter((tarball) => !existsSync(tarball));
if (missing.length > 0) throw new Error(`pnpm pack wrote no ${missing.join(', ')}`);
const quote = (path) => (/^[\w./@+:-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);
const what = named.length > 0 ? `${tarballs.length} packages (${named.join(', ')} and what they need)` : `${tarballs.length} packages`;
console.log(`packed ${what} into ${out} (private packages are not packed)`);
console.log('install them in another project with:');
console.log(`npm install ${tarballs.map(quote).join(' ')}`);

// pnpm, yarn and bun resolve a tarball's own dependencies (@error-contract/core of the express
// tarball) in the registry, where they are not before a release (npm takes the tarball beside it):
// each reads its own member that points them at the tarballs.
const dependedOn = tarballs.filter((tarball) => dependencyNames(tarballs).has(packageNameOf(tarball)));
if (dependedOn.length > 0) {
  const pointers = JSON.stringify(Object.fromEntries(dependedOn.map((tarball) => [packageNameOf(tarball), `file:${tarball}`])));
  console.log(`with pnpm, yarn or bun: first add to the project's package.json (they look ${dependedOn.map(packageNameOf).join(' and ')} up in the registry, where ${dependedOn.length > 1 ? 'they are' : 'it is'} not before a release)`);
  console.log(`  "pnpm": { "overrides": ${pointers} },`);
  console.log(`  "resolutions": ${pointers},`);
  console.log(`  "overrides": ${pointers}`);
  console.log('then run `pnpm add`, `yarn add` or `bun add` with the same tarballs');
}
