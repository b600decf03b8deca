// Each source file imports only what sits below it: no two files need each other, directly or
// round a circle (types included), so a file can be read, tested and moved from the bottom up.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs helper of the repository's scripts, without types
import { importCycles } from '../../../scripts/import-cycles.mjs';

describe('src/ imports', () => {
  it('form no cycle', () => {
    expect(importCycles(fileURLToPath(new URL('../src', import.meta.url)))).toEqual([]);
  });
});
