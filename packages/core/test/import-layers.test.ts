// Each source file imports only what sits below it: no two files need each other, directly or
// round a circle (types included), so a file can be read, tested and moved from the bottom up.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs helper of the repository's scripts, without types
import { importCycles } from '../../../scripts/import-cycles.mjs';

const src = fileURLToPath(new URL('../src', import.meta.url));

describe('src/ imports', () => {
  it('form no cycle', () => {
    expect(importCycles(src)).toEqual([]);
  });

  // base/ is what everything uses (the safe read of a thrown value, the status table): it stands
  // on nothing else of core's, so any file may use it without a cycle.
  it.each(readdirSync(join(src, 'base')))('base/%s imports nothing of core outside base/', (file) => {
    const source = readFileSync(join(src, 'base', file), 'utf8');
    const relative = [...source.matchAll(/from\s+'(\.[^']*)'/g)].map((match) => match[1]);
    expect(relative.filter((path) => !path!.startsWith('./'))).toEqual([]);
  });
});

describe("core's root entry", () => {
  it('keeps what an app writes: at most 50 exports (the published forms are /openapi and /docs, the adapter kit /adapter)', () => {
    const source = readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8');
    const names = [...source.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim()).filter(Boolean));
    expect(names.length).toBeGreaterThan(30);
    expect(names.length).toBeLessThanOrEqual(50);
  });
});
