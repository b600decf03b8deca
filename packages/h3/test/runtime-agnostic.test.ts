// The h3 adapter runs wherever h3 runs (Workers, Deno, Bun): its built files import nothing from
// Node, and nothing from h3 either (one package serves h3 1 and h3 2), only core.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { errorContract } from '../src/index.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;

it('the built files import only @error-contract/core: no Node built-in, no h3', () => {
  const files = readdirSync(dist).filter((entry) => /\.(c|m)?js$/.test(entry));
  expect(files.length).toBeGreaterThan(0);
  const specifiers = new Set(files.flatMap((file) => [...readFileSync(join(dist, file), 'utf8').matchAll(SPECIFIER)].map((match) => match[1]!)));
  expect([...specifiers].filter((name) => builtinModules.includes(name.replace(/^node:/, '')) || name.startsWith('node:'))).toEqual([]);
  expect([...specifiers]).toEqual(['@error-contract/core']);
});

it('errors.router() refuses what is not an h3 1 router', () => {
  expect(() => errorContract().router({})).toThrow(/createRouter/);
});
