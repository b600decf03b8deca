// Writes what the pages include but other files own: each preset's table and example from its
// TSDoc (packages/core/src/presets/<name>.ts), the errors it was tested on from the titles of
// suites/library-errors/test/<name>.test.ts, and the benchmark chart. One fact, one place.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(docs, '..');
const out = join(docs, 'parts/generated/presets');
const generated = join(docs, 'parts/generated');

/** The TSDoc block right above `export function <name>Errors(`, as Markdown. */
export function presetDoc(source) {
  const match = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export function \w+Errors\(/.exec(source);
  if (!match) return undefined;
  const lines = match[1].split('\n').map((line) => line.replace(/^\s*\* ?/, ''));
  const text = lines.join('\n').trim();
  const [summary, example] = text.split(/^@example\s*$/m);
  return `${summary.trim()}\n\n## Example\n\n\`\`\`ts\n${(example ?? '').trim()}\n\`\`\`\n`;
}

/** The describe/it titles of a test file, as a nested list. */
export function testedTitles(source) {
  const lines = [];
  const title = /^(\s*)(describe|it|test)(?:\.each\(([^)]*)\))?\(\s*(['"`])((?:(?!\4).)*)\4/;
  for (const line of source.split('\n')) {
    const found = title.exec(line);
    if (!found) continue;
    const depth = found[2] === 'describe' ? 0 : 1;
    // it.each(['40001', '40P01'])('%s -> 503') reads '40001, 40P01 -> 503'; a named table, 'each'
    const values = found[3] === undefined ? undefined : /^\s*\[/.test(found[3]) ? [...found[3].matchAll(/'([^']*)'/g)].map((m) => m[1]).join(', ') : 'each of the table';
    const text = found[5].replace(/\\(['"`])/g, '$1').replace('%s', values ?? '%s');
    lines.push(`${'  '.repeat(depth)}- ${found[2] === 'describe' ? `**${text}**` : text}`);
  }
  return `${lines.join('\n')}\n`;
}

// The one table the front page (README.md) and the site both show: the packages. It is written
// once, in the README a reader of the repository or of npm sees, and taken from there for the
// site's home page (parts/generated/packages.md), so that a row added to it is on both. Every
// other shared table is written once in the site's own parts/ (hand-written) and included by the
// pages that show it. Each is found by its first line and ends at a blank line.
const README_PARTS = [{ name: 'packages', file: 'README.md', first: '| package | what it is |' }];

/** The block of `text` that starts with the line beginning `first`, up to the next blank line. */
export function readmePart(text, first, where = 'the README') {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(first));
  if (start === -1) throw new Error(`${where} has no block starting "${first}": the site's part was taken from it`);
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  return `${siteLinks(lines.slice(start, end === -1 ? undefined : end).join('\n'))}\n`;
}

// The READMEs link into the repository; on the site the same links go to the site's own pages.
const SITE_LINKS = [
  [/\]\(packages\/(express|koa|hono|fastify|nest|next|h3|nitro|elysia)\/?\)/g, '](/guides/$1)'],
  [/\]\(packages\/client\/?\)/g, '](/client)'],
  [/\]\(packages\/testing\/?\)/g, '](/testing)'],
  [/\]\(packages\/(core|node)\/?\)/g, '](/reference/$1/)'],
  [/\]\(examples\/hono\/README\.md\)/g, '](/guides/hono)'],
  [/\]\(examples\/?\)/g, '](/rate-limits)'],
  [/\]\(#errors-from-your-libraries[^)]*\)/g, '](/presets/)'],
];

/** A README block with its repository links turned into the site's. */
export function siteLinks(markdown) {
  return SITE_LINKS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), markdown);
}

export function generateParts() {
  rmSync(generated, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const part of README_PARTS) {
    writeFileSync(join(generated, `${part.name}.md`), readmePart(readFileSync(join(root, part.file), 'utf8'), part.first, part.file));
  }
  const presets = join(root, 'packages/core/src/presets');
  const written = [];
  for (const file of readdirSync(presets)) {
    const doc = presetDoc(readFileSync(join(presets, file), 'utf8'));
    if (!doc) continue;
    const name = file.replace(/\.ts$/, '');
    writeFileSync(join(out, `${name}.md`), doc);
    // its test files: `<name>.test.ts`, and beside it `<name>-<more>.test.ts` and `real-<name>.test.ts`
    const tests = join(root, 'suites/library-errors/test');
    const own = new RegExp(`^(real-)?${name}(-[a-z0-9-]+)?\\.test\\.ts$`);
    const files = readdirSync(tests).filter((test) => own.test(test)).sort();
    const tested =
      files.length === 0
        ? 'No test file of `suites/library-errors` names this preset yet.\n'
        : files.map((test) => `\`suites/library-errors/test/${test}\`:\n\n${testedTitles(readFileSync(join(tests, test), 'utf8'))}`).join('\n');
    writeFileSync(join(out, `${name}.tested.md`), tested);
    written.push(name);
    // a preset added later needs its page: the build says so rather than leaving it out
    try {
      readFileSync(join(docs, 'presets', `${name}.md`));
    } catch {
      throw new Error(`packages/core/src/presets/${file} has a preset but docs/presets/${name}.md is missing: add its page (one file, see docs/presets/postgres.md)`);
    }
  }
  mkdirSync(join(docs, 'public'), { recursive: true });
  copyFileSync(join(root, 'bench/scale.svg'), join(docs, 'public/scale.svg'));
  // BENCHMARKS.md as the performance page includes it: its chart at the site's copy
  const benchmarks = readFileSync(join(root, 'BENCHMARKS.md'), 'utf8').replace(/^# Benchmarks\s*$/m, '## The last full run').replaceAll('](bench/scale.svg)', '](/scale.svg)');
  writeFileSync(join(docs, 'parts/generated/benchmarks.md'), benchmarks);
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`presets: ${generateParts().join(', ')}`);
