// `npx -y pnpm@10 pack:local [dir] [package ...]`: packs every published package (pnpm rewrites
// `workspace:^` to versions; private packages are skipped) into `packed/` at the repository's
// root, only those changed since their last pack, copies them into `dir` when one is given, and
// prints the `npm install` line that installs them into another project, to try a change before
// it is released. Name the packages an app needs (`express`, `nitro`) and the line installs those
// and the packages of ours they depend on (nitro brings h3 and core), not every framework's
// adapter. The `pack:local` script builds what is stale first; this file does not.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
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
