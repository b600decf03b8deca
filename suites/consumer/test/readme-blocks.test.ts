// Each block of a README or a site page as a reader copies it into a new project: no hidden lines
// before it, and the install line above it names every package it imports, which the consumer
// project installs too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copiedFiles, frameworkDependencies, publishedPackages } from '../src/project.ts';
import { extractSnippets, importedPackages, type Snippet } from '../src/snippets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const snippets: Snippet[] = copiedFiles(root).flatMap((file) => extractSnippets(file, root));
const named = snippets.map((s) => [`${s.readme}:${s.line}`, s] as const);

// packages/koa/README.md -> @error-contract/koa: a package's README imports it without saying so again
function ownPackage(readme: string): string | undefined {
  const match = /^packages\/([^/]+)\/README\.md$/.exec(readme);
  return match ? `@error-contract/${match[1]}` : undefined;
}

function missingFromInstall(snippet: Snippet): string[] {
  const own = ownPackage(snippet.readme);
  return importedPackages(snippet.code).filter((name) => name !== own && !(snippet.install?.packages ?? []).includes(name));
}

describe('a block has no marker but `run` (no prelude: what it needs, it shows)', () => {
  it.each(named)('%s', (_name, snippet) => {
    expect(snippet.marker.filter((word) => word !== 'run')).toEqual([]);
  });
});

describe('the nearest install line above a block names every package it imports', () => {
  it.each(named)('%s', (_name, snippet) => {
    expect(missingFromInstall(snippet), `install line ${snippet.install?.line ?? '(none)'}`).toEqual([]);
  });
});

it('a block titled as a file of an app is on a site page, where the docs build compiles it with the other files of its page', () => {
  // a README's blocks are each compiled alone (readme-snippets.test.ts): a file of an app needs its app
  expect(snippets.filter((s) => s.file !== undefined && !s.readme.startsWith('docs/')).map((s) => `${s.readme}:${s.line}`)).toEqual([]);
});

it('the consumer project installs every package a block imports', () => {
  const installed = new Set([...Object.keys(frameworkDependencies), ...publishedPackages.map((name) => `@error-contract/${name}`)]);
  const imported = [...new Set(snippets.flatMap((s) => importedPackages(s.code)))];
  expect(imported.filter((name) => !installed.has(name))).toEqual([]);
});

describe('the checks see what they check', () => {
  it('reads an import of a subpath as its package, and leaves builtins and relative paths out', () => {
    expect(
      importedPackages(`import { a } from '@error-contract/core/presets';
import type { Router } from 'express';
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'path';
import { AppModule } from './app.module.js';
const z = await import('zod/v4');
const c = require('cors'); // not require('koa')
// import { errors } from '@/lib/errors' in each file`).sort(),
    ).toEqual(['@error-contract/core', 'cors', 'express', 'reflect-metadata', 'zod'].sort());
  });

  it('takes the nearest install line, from an sh block or a heading, and the marker words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-blocks-'));
    const file = join(dir, 'README.md');
    writeFileSync(
      file,
      [
        '### Koa (`npm install @error-contract/koa @error-contract/core`)',
        '```ts',
        "import Koa from 'koa';",
        '```',
        '```sh',
        'npm install --save-dev koa@3 @koa/router   # the app',
        '```',
        '<!-- consumer: prelude=koa-imports run -->',
        '```ts',
        "import Koa from 'koa';",
        '```',
      ].join('\n'),
    );
    const [first, second] = extractSnippets(file, dir);
    rmSync(dir, { recursive: true, force: true });
    expect(first?.install).toEqual({ line: 1, packages: ['@error-contract/koa', '@error-contract/core'] });
    expect(first && missingFromInstall(first)).toEqual(['koa']);
    expect(second?.install).toEqual({ line: 6, packages: ['koa', '@koa/router'] });
    expect(second && missingFromInstall(second)).toEqual([]);
    expect(second?.marker).toEqual(['prelude=koa-imports', 'run']);
    expect(second?.run).toBe(true);
  });

  it("reads a site page's `<!-- docs: run -->` as `run`", () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-blocks-'));
    const file = join(dir, 'page.md');
    writeFileSync(file, ['```sh', 'npm install @error-contract/core', '```', '', '<!-- docs: run -->', '```ts', "import { notFound } from '@error-contract/core';", '```'].join('\n'));
    const [block] = extractSnippets(file, dir);
    rmSync(dir, { recursive: true, force: true });
    expect(block?.run).toBe(true);
    expect(block?.marker).toEqual(['run']);
    expect(block && missingFromInstall(block)).toEqual([]);
  });
});
