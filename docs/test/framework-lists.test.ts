// The lists of frameworks and libraries the site writes out in prose (getting started, the home
// page, llms.txt) name every one there is: the frameworks are the guides (docs/guides/), the
// libraries the presets' pages (docs/presets/). A framework or preset added without its name in
// those lists fails here, where it once went unseen for three frameworks and two libraries.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(join(docs, file), 'utf8');
const pagesIn = (folder: string) =>
  readdirSync(join(docs, folder))
    .filter((file) => file.endsWith('.md') && file !== 'index.md' && file !== 'writing-an-adapter.md')
    .map((file) => file.slice(0, -'.md'.length));

const frameworks = pagesIn('guides');
const libraries = pagesIn('presets');

describe('every framework with a guide is in the lists', () => {
  it('there are the nine', () => {
    expect(frameworks.sort()).toEqual(['elysia', 'express', 'fastify', 'h3', 'hono', 'koa', 'nest', 'next', 'nitro']);
  });

  it.each(frameworks.filter((name) => name !== 'express'))("getting started links %s's guide and names its demo", (name) => {
    const page = read('getting-started.md');
    expect(page).toContain(`(/guides/${name})`);
    expect(page).toContain(`demo ${name}`);
  });

  it.each(frameworks)("the home page's tagline and llms.txt's summary name %s", (name) => {
    const tagline = /^\s*tagline: (.*)$/m.exec(read('index.md'))![1]!;
    const summary = /'> One error contract for HTTP APIs, (.*?):/.exec(read('scripts/llms.mjs'))![1]!;
    for (const list of [tagline, summary]) expect(list.toLowerCase()).toContain(name);
  });
});

describe('every library with a preset page is in the home page', () => {
  it.each(libraries)('%s', (name) => {
    const features = /title: Errors from your libraries\s+details: (.*)$/m.exec(read('index.md'))![1]!;
    expect(features.toLowerCase()).toContain(name);
  });
});
