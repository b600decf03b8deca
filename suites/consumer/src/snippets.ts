// Finds every TypeScript/JavaScript code block of the READMEs and the site's pages, with the consumer marker that
// may precede it and the install line it is read after, so that no snippet can drop out of the
// test without a line in a README saying so. A block is a whole program, as copied: its imports,
// and the app's own parts declared (`declare const apiRouter: Router;`); there is no prelude.
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { relative } from 'node:path';

export interface Snippet {
  /** README or page path relative to the repository, e.g. `packages/core/README.md`, `docs/guides/koa.md`. */
  readme: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** `ts` (ts, typescript) or `js` (js, javascript): a js block is checked as JavaScript. */
  language: 'ts' | 'js';
  /** The words of the `<!-- consumer: ... -->` (or `<!-- docs: ... -->`) marker before the fence; only `run` is one. */
  marker: string[];
  /** `run` in the marker: the compiled snippet is executed with node. */
  run: boolean;
  /**
   * The nearest install line above the block: its 1-based line and the packages it names
   * (`npm install a b`, in an sh block or in inline code such as a heading's), or undefined.
   */
  install: { line: number; packages: string[] } | undefined;
  /** A stable file-name stem: `packages-core-README-md-L16`. */
  id: string;
  /**
   * The file's path in its app, for a block titled as one (` ```ts [server/error.ts] `, a tab of a
   * VitePress code group): it is one file of a project whose other files are on the same page, so it
   * is compiled with them (docs/scripts/check-blocks.mjs) or run with them (test/guide-apps.test.ts),
   * not alone here.
   */
  file?: string;
}

// ```ts, or ```ts [path/in/the/app.ts] for a file of an app (a code group's tab)
const fence = /^\s*```(\w*)(?:\s+\[(.+)\])?\s*$/;
// `<!-- consumer: run -->` in a README, `<!-- docs: run -->` on a site page (the docs build runs it too)
const marker = /^\s*<!--\s*(?:consumer|docs):(.*?)-->\s*$/;
const languages = new Set(['ts', 'typescript', 'js', 'javascript']);

/**
 * Every ts/typescript/js block of one README.
 * @example extractSnippets('/repo/packages/core/README.md', '/repo')
 */
export function extractSnippets(file: string, root: string): Snippet[] {
  const readme = relative(root, file);
  const lines = readFileSync(file, 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = fence.exec(lines[i] ?? '');
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !/^\s*```\s*$/.test(lines[i] ?? ''); i += 1) body.push(lines[i] ?? '');
    if (!languages.has(open[1] ?? '')) continue;
    const words = markerBefore(lines, start);
    const line = start + 1;
    snippets.push({
      readme,
      line,
      code: dedent(body).join('\n'),
      language: open[1] === 'js' || open[1] === 'javascript' ? 'js' : 'ts',
      marker: words,
      run: words.includes('run'),
      install: installBefore(lines, start),
      id: `${readme.replace(/[^A-Za-z0-9]+/g, '-')}-L${line}`,
      ...(open[2] === undefined ? {} : { file: open[2] }),
    });
  }
  return snippets;
}

function markerBefore(lines: string[], fenceIndex: number): string[] {
  let j = fenceIndex - 1;
  while (j >= 0 && (lines[j] ?? '').trim() === '') j -= 1;
  const found = marker.exec(lines[j] ?? '');
  return found ? (found[1] ?? '').trim().split(/\s+/).filter(Boolean) : [];
}

// `npm install` at the start of a line (an sh block) or of inline code (`npm install a b`)
const installCommand = /(?:^\s*|`)npm (?:install|i) ([^`#]*)/;

function installBefore(lines: string[], fenceIndex: number): Snippet['install'] {
  for (let j = fenceIndex - 1; j >= 0; j -= 1) {
    const found = installCommand.exec(lines[j] ?? '');
    if (!found) continue;
    const packages = (found[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '' && !word.startsWith('-'))
      .map((word) => word.replace(/(.)@[^/]*$/, '$1')); // a version: zod@4 -> zod
    return { line: j + 1, packages };
  }
  return undefined;
}

/**
 * The packages a block imports (`import ... from`, `import '...'`, `require(...)`, `import(...)`),
 * by package name: `@error-contract/core/presets` is `@error-contract/core`. Node's builtins and
 * relative paths are left out.
 * @example importedPackages("import { z } from 'zod/v4';") // ['zod']
 */
export function importedPackages(source: string): string[] {
  const code = source.replace(/(^|\s)\/\/.*$/gm, '$1'); // comments: "(import { errors } from '@/lib/errors' in each)"
  const specifiers = [
    ...code.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
    ...code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? '');
  const names = specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('/') && !isBuiltin(s))
    .map((s) => s.split('/').slice(0, s.startsWith('@') ? 2 : 1).join('/'));
  return [...new Set(names)];
}

// A block indented inside a list item is still one program.
function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)?.[0].length ?? 0);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut));
}
