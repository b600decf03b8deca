// Writes what the pages include but other files own: each preset's table and example from its
// TSDoc (packages/core/src/maps/<name>.ts), the errors it was tested on from the titles of
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

export function generateParts() {
  rmSync(generated, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const maps = join(root, 'packages/core/src/maps');
  const written = [];
  for (const file of readdirSync(maps)) {
    const doc = presetDoc(readFileSync(join(maps, file), 'utf8'));
    if (!doc) continue;
    const name = file.replace(/\.ts$/, '');
    writeFileSync(join(out, `${name}.md`), doc);
    const test = join(root, 'suites/library-errors/test', `${name}.test.ts`);
    let tested = 'No test file of `suites/library-errors` names this preset yet.\n';
    try {
      tested = testedTitles(readFileSync(test, 'utf8'));
    } catch {}
    writeFileSync(join(out, `${name}.tested.md`), tested);
    written.push(name);
    // a preset added later needs its page: the build says so rather than leaving it out
    try {
      readFileSync(join(docs, 'presets', `${name}.md`));
    } catch {
      throw new Error(`packages/core/src/maps/${file} has a preset but docs/presets/${name}.md is missing: add its page (one file, see docs/presets/postgres.md)`);
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
