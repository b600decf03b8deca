// `npx -y pnpm@10 pack:local [dir]`: packs every published package (pnpm rewrites `workspace:^`
// to versions; private packages are skipped) into `dir` (default `packed/` at the repository's
// root) and prints the `npm install` line that installs the tarballs into another project, to
// try a change before it is released. The `pack:local` script builds first; this file does not.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packPublished, repositoryRoot } from './published-packages.mjs';

const out = resolve(process.argv[2] ?? join(repositoryRoot, 'packed'));
mkdirSync(out, { recursive: true });
const tarballs = packPublished(out);
const missing = tarballs.filter((tarball) => !existsSync(tarball));
if (missing.length > 0) throw new Error(`pnpm pack wrote no ${missing.join(', ')}`);
const quote = (path) => (/^[\w./@+:-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);
console.log(`packed ${tarballs.length} packages into ${out} (private packages are not packed)`);
console.log('install them in another project with:');
console.log(`npm install ${tarballs.map(quote).join(' ')}`);
