// The client runs in browsers, Node, Deno and Workers with no runtime dependency: its built files
// import nothing at all (the status table is bundled in). Its types name type-fest's JSON types.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;

describe('@error-contract/client dist', () => {
  it('imports no package and no Node built-in', () => {
    const files = readdirSync(dist).filter((name) => /\.(c|m)?js$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    const imports = files.flatMap((name) => [...readFileSync(join(dist, name), 'utf8').matchAll(SPECIFIER)].map((match) => `${name}: ${match[1]}`));
    expect(imports.filter((entry) => !/: \.\.?\//.test(entry))).toEqual([]);
  });
  // Its one dependency, type-fest, is types only and ships no code: core's published-manifests test.
});
