// Core runs wherever JavaScript does (Node, Deno, Bun, workers): no file of it may import a
// `node:` module, not even lazily. Node-only helpers live in the node package or the testing kit.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const sources = (readdirSync(srcDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => join(srcDir, file));

describe('core is runtime-agnostic', () => {
  it('has sources in its folders (openapi/, docs/, validation/)', () => {
    const folders = new Set(sources.map((file) => relative(srcDir, file).split(/[\\/]/).slice(0, -1).join('/')));
    expect([...folders]).toEqual(expect.arrayContaining(['openapi', 'docs', 'validation']));
  });

  it.each(sources.map((file) => [relative(srcDir, file), file] as const))('%s imports no node: module', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]node:/);
  });
});
