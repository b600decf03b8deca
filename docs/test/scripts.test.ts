// The build's helpers: one slug for headings and links, the preset pages' parts read from the
// presets' TSDoc and their tests' titles, the run marker of a code block.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slugify } from '../scripts/anchors.mjs';
import { blocksOf } from '../scripts/check-blocks.mjs';
import { presetDoc, testedTitles } from '../scripts/generate-parts.mjs';
import { resolved } from '../scripts/llms.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('anchors', () => {
  it.each([
    ['[PROBLEM_MARK]', 'problem-mark'],
    ['problem_mark', 'problem-mark'],
    ['What of a thrown value reaches a client', 'what-of-a-thrown-value-reaches-a-client'],
    ['Next.js and Turbopack', 'next-js-and-turbopack'],
  ])('%s -> %s, the id VitePress gives the heading', (heading, id) => {
    expect(slugify(heading)).toBe(id);
  });
});

describe('preset parts', () => {
  it("reads prismaErrors()'s table and example from its TSDoc", () => {
    const doc = presetDoc(readFileSync(join(root, 'packages/core/src/presets/prisma.ts'), 'utf8'));
    expect(doc).toContain('| P2002 unique constraint |');
    expect(doc).toContain("import { prismaErrors } from '@error-contract/core/presets';");
    expect(doc).not.toMatch(/^\s*\*/m);
  });

  it('lists the titles of a test file, an each table spelled out', () => {
    const titles = testedTitles(
      [
        "describe('postgresErrors() on %s', () => {",
        "  it('23505 unique violation -> 409', async () => {});",
        "  it.each(['40001', '40P01'])('%s -> 503', async () => {});",
        '});',
      ].join('\n'),
    );
    expect(titles).toBe('- **postgresErrors() on %s**\n  - 23505 unique violation -> 409\n  - 40001, 40P01 -> 503\n');
  });
});

describe('code blocks and includes', () => {
  it('a ts block after `<!-- docs: run -->` is run; others are compiled only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-blocks-'));
    const file = join(dir, 'page.md');
    writeFileSync(file, ['# Page', '', '```ts', 'const a = 1;', '```', '', '<!-- docs: run -->', '```ts', 'console.log(2);', '```', '```sh', 'ls', '```'].join('\n'));
    const blocks = blocksOf(file);
    rmSync(dir, { recursive: true, force: true });
    expect(blocks.map((b) => [b.code, b.run, b.line])).toEqual([
      ['const a = 1;', false, 3],
      ['console.log(2);', true, 8],
    ]);
  });

  it('llms-full.txt reads a page with its includes resolved', () => {
    const text = resolved(join(root, 'docs/presets/index.md'));
    expect(text).not.toContain('<!--@include');
    expect(text).toContain('`prismaErrors()`');
  });
});
