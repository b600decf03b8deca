// The build's helpers: one slug for headings and links, the preset pages' parts read from the
// presets' TSDoc and their tests' titles, the run marker of a code block.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slugify } from '../scripts/anchors.mjs';
import { appsOf, blocksOf } from '../scripts/check-blocks.mjs';
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

  it('quotes a title whole, its escaped quotes undone', () => {
    const titles = testedTitles(["  it('NOT NULL and CHECK, which Sequelize\\'s SQLite dialect makes -> 400', () => {});", '  it("a \\"quoted\\" word", () => {});'].join('\n'));
    expect(titles).toBe("  - NOT NULL and CHECK, which Sequelize's SQLite dialect makes -> 400\n  - a \"quoted\" word\n");
  });

  it('spells out a table of objects, named or inline, one line per row', () => {
    const source = [
      'const CASES = [',
      "  { name: 'UNIQUE', sql: 'insert ...', status: 409 },",
      "  { name: 'NOT NULL', sql: 'insert ...', status: 400 },",
      '];',
      "describe('on sqlite', () => {",
      "  it.each(CASES)('$name -> $status', () => {});",
      '  it.each([',
      "    { name: 'CHECK', status: 400 },",
      "  ])('$name -> $status (inline)', () => {});",
      '});',
    ].join('\n');
    expect(testedTitles(source)).toBe('- **on sqlite**\n  - UNIQUE -> 409\n  - NOT NULL -> 400\n  - CHECK -> 400 (inline)\n');
  });

  it('a describe over a table names every row; a test over one, a line per row', () => {
    const source = [
      "const CLIENTS = ['pglite', 'node-postgres'];",
      'const MIDDLEWARES: [string, () => void][] = [',
      '  [',
      "    'express-jwt',",
      '    () => {},',
      '  ],',
      "  ['hono/jwt', () => {}],",
      '];',
      "describe.each(CLIENTS)('postgresErrors() on %s', () => {});",
      "describe('each middleware', () => {",
      "  it.each(MIDDLEWARES)('%s answers', () => {});",
      '});',
    ].join('\n');
    expect(testedTitles(source)).toBe('- **postgresErrors() on pglite, node-postgres**\n- **each middleware**\n  - express-jwt answers\n  - hono/jwt answers\n');
  });

  it('every tested-on list of the presets pages reads whole: no backslash, no placeholder, no unclosed quote', () => {
    const tests = join(root, 'suites/library-errors/test');
    for (const file of readdirSync(tests).filter((name) => name.endsWith('.test.ts'))) {
      for (const line of testedTitles(readFileSync(join(tests, file), 'utf8')).split('\n')) {
        // a table's placeholders left unfilled ($executeRaw is Prisma's own name, not one)
        expect(line, file).not.toMatch(/\\|\$(?:name|status|code|case|title)\b|%[sdj]|…/);
        expect((line.split('"').length - 1) % 2, `${file}: ${line}`).toBe(0);
        expect((line.split('`').length - 1) % 2, `${file}: ${line}`).toBe(0);
      }
    }
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

  it('blocks titled with a path are the files of an app, and a path seen again starts the next app', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-blocks-'));
    const file = join(dir, 'page.md');
    const tab = (path: string, code: string) => [`\`\`\`ts [${path}]`, code, '```'];
    writeFileSync(file, ['::: code-group', ...tab('lib/errors.ts', 'export const a = 1;'), ...tab('app/[id]/route.ts', "import { a } from '../../lib/errors';"), ':::', '', '```ts', 'const b = 2;', '```', ...tab('app/[id]/route.ts', 'export {};')].join('\n'));
    const apps = appsOf(file);
    const blocks = blocksOf(file);
    rmSync(dir, { recursive: true, force: true });
    expect(apps.map((app: { files: Array<{ path: string; line: number }> }) => app.files.map((f) => [f.path, f.line]))).toEqual([
      [['lib/errors.ts', 2], ['app/[id]/route.ts', 5]],
      [['app/[id]/route.ts', 13]],
    ]);
    expect(blocks.map((b) => b.line)).toEqual([10]);
  });

  it('llms-full.txt reads a page with its includes resolved', () => {
    const text = resolved(join(root, 'docs/presets/index.md'));
    expect(text).not.toContain('<!--@include');
    expect(text).toContain('`prismaErrors()`');
  });
});
