// Every README snippet and every block of the site's pages, compiled against the packed packages in
// a clean npm project, as a reader copies it.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copiedFiles, createConsumerProject, publishedReadmes, sitePages } from '../src/project.ts';
import { extractSnippets, type Snippet } from '../src/snippets.ts';
import { importAllId, requireAllId, type Resolution, typecheck, writeSnippets } from '../src/typecheck.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const readmes = publishedReadmes(root);
// A block titled as a file of an app is compiled with the other files of its page by the docs
// build and run by test/guide-apps.test.ts; alone it would miss its relative imports.
const snippets: Snippet[] = copiedFiles(root)
  .flatMap((file) => extractSnippets(file, root))
  .filter((snippet) => snippet.file === undefined);

let dir = '';
const diagnostics = new Map<Resolution, Map<string, string[]>>();

beforeAll(() => {
  // CONSUMER_PROJECT_DIR: reuse a project kept by an earlier run (KEEP_CONSUMER_PROJECT=1)
  dir = process.env.CONSUMER_PROJECT_DIR ?? createConsumerProject(root);
  writeSnippets(dir, snippets);
  for (const resolution of ['node16', 'bundler', 'declarations-esm', 'declarations-cjs', 'javascript'] as const) {
    diagnostics.set(resolution, typecheck(dir, resolution));
  }
});

afterAll(() => {
  if (dir && !process.env.KEEP_CONSUMER_PROJECT && !process.env.CONSUMER_PROJECT_DIR) rmSync(dir, { recursive: true, force: true });
});

it('finds the README snippets and the site pages\' blocks', () => {
  // every published package's README has at least one (its few lines), and so has the front page
  const files = new Set(snippets.map((s) => s.readme));
  for (const readme of readmes) expect(files, readme).toContain(readme.slice(root.length + 1));
  // the guides' blocks are the site's: each framework guide has its lines
  for (const guide of ['express', 'koa', 'hono', 'fastify', 'nest', 'next']) expect(files).toContain(`docs/guides/${guide}.md`);
  expect(sitePages(root).length).toBeGreaterThan(20);
  expect(snippets.length).toBeGreaterThan(60);
});

// A file of a Next.js app is compiled as Next compiles it: create-next-app's tsconfig resolves as a
// bundler does, and Next's subpaths (`next/server`) have no `exports` map that node16 could read.
const nextAppFile = (snippet: Snippet) => /from 'next\/[a-z]/.test(snippet.code);

for (const resolution of ['node16', 'bundler'] as const) {
  describe(`compiles (${resolution})`, () => {
    const compiled = snippets.filter((s) => s.language === 'ts' && !(resolution === 'node16' && nextAppFile(s)));
    it.each(compiled.map((s) => [`${s.readme}:${s.line}`, s] as const))('%s', (_name, snippet) => {
      const found = diagnostics.get(resolution);
      expect([...(found?.get('*') ?? []), ...(found?.get(snippet.id) ?? [])].join('\n')).toBe('');
    });
  });
}

describe('compiles as JavaScript (checkJs, node16)', () => {
  it.each(snippets.filter((s) => s.language === 'js').map((s) => [`${s.readme}:${s.line}`, s] as const))('%s', (_name, snippet) => {
    const found = diagnostics.get('javascript');
    expect([...(found?.get('*') ?? []), ...(found?.get(snippet.id) ?? [])].join('\n')).toBe('');
  });
});

it('compiles (node16, CommonJS): every package through require and its .d.cts types', () => {
  const found = diagnostics.get('node16');
  expect([...(found?.get('*') ?? []), ...(found?.get(requireAllId) ?? [])].join('\n')).toBe('');
  // and the compiled CommonJS runs
  const run = spawnSync(process.execPath, ['-e', `require('reflect-metadata'); console.log(require('./out/${requireAllId}.cjs').answer.status)`], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe('404');
});

// Nest 12's packages are ES modules only: a CommonJS file under node16 cannot load their types
// (TS1479), whoever imports them; a Nest 12 app is ESM, or CommonJS under node20 (require(esm)).
const nestIsEsmOnly = (line: string) => /^node_modules\/@error-contract\/nest\/dist\/[^(]+\.d\.cts\(\d+,\d+\): error TS1479: .*["']@nestjs\//.test(line);

it.each([
  ['declarations-esm', importAllId],
  ['declarations-cjs', requireAllId],
] as const)('our declarations compile with skipLibCheck off (%s)', (resolution, id) => {
  // another package's own may not (@types/koa against content-disposition's): typecheck() keeps
  // those apart, so only ours and the file's count
  const found = diagnostics.get(resolution);
  expect([...(found?.get('*') ?? []).filter((line) => !nestIsEsmOnly(line)), ...(found?.get(id) ?? [])].join('\n')).toBe('');
});

describe('runs (node, ESM)', () => {
  it.each(snippets.filter((s) => s.run).map((s) => [`${s.readme}:${s.line}`, s] as const))('%s', (_name, snippet) => {
    const run = spawnSync(process.execPath, [join(dir, 'out', `${snippet.id}.js`)], { cwd: dir, encoding: 'utf8', timeout: 15_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('imports and requires every package', () => {
  const factories: Record<string, string> = {
    client: 'createFetch',
    core: 'createErrorContract',
    express: 'errorContract',
    fastify: 'errorContract',
    hono: 'errorContract',
    koa: 'errorContract',
    'core/presets': 'postgresErrors',
    'core/adapter': 'resolveContract',
    nest: 'ErrorContractFilter',
    next: 'errorContract',
    node: 'answerClientErrors',
    testing: 'runConformance',
  };
  for (const [name, factory] of Object.entries(factories)) {
    for (const system of ['esm', 'cjs'] as const) {
      it(`${system}: @error-contract/${name} exports ${factory}`, () => {
        const load =
          system === 'esm'
            ? `const m = await import('@error-contract/${name}');`
            : `const m = require('@error-contract/${name}');`;
        const source = `${system === 'esm' ? '' : "require('reflect-metadata');"}${load}
if (typeof m.${factory} !== 'function') throw new Error('no ${factory}');
const { createErrorContract, notFound } = ${system === 'esm' ? "await import('@error-contract/core')" : "require('@error-contract/core')"};
const answer = createErrorContract({}).respond(notFound(), { method: 'GET', path: '/x', headers: { accept: 'application/json' } });
if (answer.status !== 404) throw new Error('status ' + answer.status);
console.log('ok');`;
        const args = system === 'esm' ? ['--input-type=module', '-e', source] : ['--input-type=commonjs', '-e', source];
        const run = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 15_000 });
        expect(run.stderr).toBe('');
        expect(run.stdout.trim()).toBe('ok');
      });
    }
  }
});
