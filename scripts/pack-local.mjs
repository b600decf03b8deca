// `npx -y pnpm@10 pack:local [dir]`: packs every published package (pnpm rewrites `workspace:^`
// to versions; private packages are skipped) into `packed/` at the repository's root, only those
// changed since their last pack, copies them into `dir` when one is given, and prints the `npm
// install` line that installs the tarballs into another project, to try a change before it is
// released. The `pack:local` script builds what is stale first; this file does not.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { packedDir, packPublished } from './published-packages.mjs';

const out = resolve(process.argv[2] ?? packedDir);
let tarballs = packPublished();
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
console.log(`packed ${tarballs.length} packages into ${out} (private packages are not packed)`);
console.log('install them in another project with:');
console.log(`npm install ${tarballs.map(quote).join(' ')}`);
