// The client runs in browsers, Node, Deno and Workers with no runtime dependency: its built files
// import nothing at all (the status table is bundled in). Its types name type-fest's JSON types.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;

describe('@error-contract/client dist', () => {
  it('imports no package and no Node built-in', () => {
    const files = readdirSync(dist).filter((name) => /\.(c|m)?js$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    const imports = files.flatMap((name) => [...readFileSync(join(dist, name), 'utf8').matchAll(SPECIFIER)].map((match) => `${name}: ${match[1]}`));
    expect(imports.filter((entry) => !/: \.\.?\//.test(entry))).toEqual([]);
  });

  it('package.json declares no runtime dependency: its one dependency, type-fest, is types only', () => {
    const manifest = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(['type-fest']);
    expect(manifest.peerDependencies ?? {}).toEqual({});
    // what npm installs for it: declarations and licences, no code to run or bundle
    const typeFest = dirname(require.resolve('type-fest/package.json', { paths: [join(dist, '..')] }));
    const shipped = JSON.parse(readFileSync(join(typeFest, 'package.json'), 'utf8'));
    expect(shipped.main ?? shipped.exports ?? shipped.module).toBeUndefined();
    expect(readdirSync(typeFest, { recursive: true }).filter((file) => /\.(c|m)?js$/.test(String(file)))).toEqual([]);
  });
});
