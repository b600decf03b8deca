// The client ships to browsers: its main entry, every dialect included, stays at about 3 KB gzipped
// (3,100 bytes: the layered files, each importing only what sits below it, cost 14 bytes over 3,072).
// The entry is measured whole: it must import nothing, so no part of it hides in another file.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET = 3100;
const entry = new URL('../dist/index.js', import.meta.url);

describe('@error-contract/client main entry size', () => {
  const source = readFileSync(entry);

  it('is one self-contained file', () => {
    expect(source.toString('utf8')).not.toMatch(/\bimport\s*[{*("'\w]|\bfrom\s*["']/);
  });

  it(`is under ${BUDGET} bytes gzipped (level 9)`, () => {
    const size = gzipSync(source, { level: 9 }).length;
    console.info(`dist/index.js: ${source.length} bytes, ${size} bytes gzipped`);
    expect(size).toBeLessThan(BUDGET);
  });
});
