// Core and the Hono adapter run wherever Hono runs (Workers, Deno, Bun, browsers): the built
// files and every runtime dependency they pull in import nothing from Node.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;

function jsFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : jsFiles(path);
    return /\.(c|m)?js$/.test(entry) && !entry.endsWith('.map') ? [path] : [];
  });
}

function nodeImports(files: string[]): string[] {
  return files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => match[1]!).filter((name) => builtins.has(name)).map((name) => `${file}: ${name}`));
}

describe('nothing from node:', () => {
  it.each([
    ['@error-contract/hono', join(here, '..', 'dist')],
    ['@error-contract/core', join(here, '..', '..', 'core', 'dist')],
  ])('%s dist imports no Node built-in', (_name, dist) => {
    const files = jsFiles(dist);
    expect(files.length).toBeGreaterThan(0);
    expect(nodeImports(files)).toEqual([]);
  });
  // Core's one dependency, type-fest, is types only and ships no code: core's published-manifests test.
});
