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

// A quoted title: '...', "..." or `...`, escaped quotes inside it kept (`Sequelize\'s`).
/** The pattern of a quoted title whose opening quote is capture group `group` (its text the next). */
const quoted = (group) => `(['"\`])((?:\\\\.|(?!\\${group})[^\\\\])*)\\${group}`;
const TITLE_CALL = new RegExp(String.raw`^(\s*)(describe|it|test)(?:\.each\(([^)]*)\))?\(\s*` + quoted(4));
// the end of an inline table written over several lines: `])('$name -> $status', ...`
const TABLE_END_TITLE = new RegExp(String.raw`^\s*\]\)\(\s*` + quoted(1));
const TABLE_START = /^\s*(?:describe|it|test)\.each\(\[\s*$/;

/** A title as its test file writes it, its escapes undone: `it's`, not `it\'s`. */
function unescape(text) {
  return text.replace(/\\(.)/g, '$1');
}

/**
 * The rows of a table as `$key` (and `%s`) fillers: an object row on one line
 * (`{ name: 'UNIQUE', status: 409, ... }`) gives its members, an array row (on one line or more)
 * its first string as `%s`.
 */
function tableRows(lines) {
  const rows = [];
  const text = lines.join('\n');
  const member = new RegExp(String.raw`(\w+):\s*(?:` + quoted(2) + String.raw`|(-?\d+(?:\.\d+)?|true|false))`, 'g');
  for (const line of lines) {
    if (!/^\s*\{/.test(line)) continue;
    const row = {};
    for (const found of line.matchAll(member)) row[found[1]] = found[3] !== undefined ? unescape(found[3]) : found[4];
    rows.push(row);
  }
  if (rows.length > 0) return rows;
  // array rows: the first string after each `[` that opens a row (depth 0 -> 1 in the table's text)
  let depth = 0;
  let awaiting = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === "'" || char === '"' || char === '`') {
      const string = new RegExp(quoted(1), 'y');
      string.lastIndex = at;
      const found = string.exec(text);
      if (found === null) break;
      // a row of its own (a table of strings), or the first string of an array row
      if (awaiting || depth === 0) rows.push({ '%s': unescape(found[2]) });
      awaiting = false;
      at = string.lastIndex - 1;
    } else if (char === '[' || char === '{' || char === '(') {
      depth += 1;
      if (depth === 1 && char === '[') awaiting = true;
    } else if (char === ']' || char === '}' || char === ')') {
      depth -= 1;
      awaiting = false;
    }
  }
  return rows;
}

/** The lines of the array `const NAME ... = [` in `source`, up to its closing `];` (or its one line). */
function namedTable(source, name) {
  const lines = source.split('\n');
  // on one line: `const CLIENTS = ['pglite', 'node-postgres'];`
  const oneLine = lines.map((line) => new RegExp(String.raw`^\s*(?:export\s+)?const\s+${name}\b.*?=\s*\[(.*)\];?\s*$`).exec(line)).find((found) => found !== null);
  if (oneLine) return [oneLine[1]];
  const start = lines.findIndex((line) => new RegExp(String.raw`^\s*(?:export\s+)?const\s+${name}\b.*=\s*\[\s*$`).test(line));
  if (start === -1) return undefined;
  const end = lines.findIndex((line, index) => index > start && /^\s*\];?\s*$/.test(line));
  return end === -1 ? undefined : lines.slice(start + 1, end);
}

/**
 * A table test's title spelled out for each row (`$key` and `%s` filled in), or undefined when a
 * row lacks what the title names.
 */
function spelledOut(title, rows) {
  if (rows.length === 0) return undefined;
  const titles = rows.map((row) => title.replace(/\$(\w+)|%s/g, (whole, key) => (key === undefined ? (row['%s'] ?? whole) : key in row ? row[key] : whole)));
  return titles.some((text) => /\$\w|%s/.test(text)) ? undefined : titles;
}

/**
 * The describe/it titles of a test file, as a nested list, each quoted whole. A table test is
 * spelled out: `it.each(['40001', '40P01'])('%s -> 503')` reads '40001, 40P01 -> 503', and a
 * table of objects (named or inline) gives one line per row with its `$key`s filled in.
 */
export function testedTitles(source) {
  const lines = [];
  const sourceLines = source.split('\n');
  let tableStart = -1;
  const push = (depth, text, isDescribe) => lines.push(`${'  '.repeat(depth)}- ${isDescribe ? `**${text}**` : text}`);
  sourceLines.forEach((line, index) => {
    if (TABLE_START.test(line)) tableStart = index;
    const end = TABLE_END_TITLE.exec(line);
    if (end !== null && tableStart !== -1) {
      const title = unescape(end[2]);
      const titles = spelledOut(title, tableRows(sourceLines.slice(tableStart + 1, index)));
      for (const text of titles ?? [title.replace(/\$\w+/g, '…')]) push(1, text, false);
      tableStart = -1;
      return;
    }
    const found = TITLE_CALL.exec(line);
    if (!found) return;
    const isDescribe = found[2] === 'describe';
    const depth = isDescribe ? 0 : 1;
    const title = unescape(found[5]);
    const table = found[3];
    if (table === undefined) return push(depth, title, isDescribe);
    if (/^\s*\[/.test(table)) {
      // it.each(['40001', '40P01'])('%s -> 503') reads '40001, 40P01 -> 503'
      const values = [...table.matchAll(new RegExp(quoted(1), 'g'))].map((match) => unescape(match[2])).join(', ');
      return push(depth, title.replace('%s', values), isDescribe);
    }
    const rows = /^\s*\w+\s*$/.test(table) ? namedTable(source, table.trim()) : undefined;
    const titles = rows === undefined ? undefined : spelledOut(title, tableRows(rows));
    // a describe over a table is one heading naming every row; a test, one line per row
    if (titles !== undefined && isDescribe) push(depth, title.replace(/%s/, rows === undefined ? '' : tableRows(rows).map((row) => row['%s']).join(', ')), true);
    else if (titles !== undefined) for (const text of titles) push(depth, text, isDescribe);
    else push(depth, title.replace(/%[sdj]|\$\w+/g, '…'), isDescribe);
  });
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
