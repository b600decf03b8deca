// llms.txt (llmstxt.org: the site's title, summary and a list of its pages) and llms-full.txt (every
// guide page's Markdown, includes resolved), written into dist/ from the same pages the site is built from.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The guide pages, in the sidebar's order. */
export const pages = [
  'getting-started', 'guides/express', 'guides/koa', 'guides/hono', 'guides/fastify', 'guides/nest', 'guides/next', 'guides/h3', 'guides/nitro', 'guides/elysia',
  'contract', 'node', 'presets/index', 'presets/postgres', 'presets/mysql', 'presets/sqlite', 'presets/prisma', 'presets/typeorm',
  'presets/sequelize', 'presets/mongoose', 'presets/jwt', 'presets/redis', 'presets/upstream', 'observability', 'rate-limits', 'openapi', 'declared-errors', 'testing',
  'client', 'performance', 'troubleshooting', 'contributing', 'guides/writing-an-adapter',
];

/** A page's Markdown with every `<!--@include: path-->` replaced by the file it names. */
export function resolved(file) {
  const text = readFileSync(file, 'utf8');
  return text.replace(/<!--@include:\s*([^\s>]+?)\s*-->/g, (_all, path) => resolved(join(dirname(file), path)));
}

function url(page) {
  return `/${page.replace(/(^|\/)index$/, '$1')}${page.endsWith('index') ? '' : '.html'}`;
}

export function writeLlms(dist) {
  const entries = pages.map((page) => {
    const text = resolved(join(docs, `${page}.md`));
    const title = /^# (.+)$/m.exec(text)?.[1] ?? page;
    const summary = text.split('\n\n').find((p) => p.trim() !== '' && !p.startsWith('#') && !p.startsWith('```'))?.replace(/\s+/g, ' ').trim() ?? '';
    return { page, title, summary, text };
  });
  const index = [
    '# error-contract',
    '',
    '> One error contract for HTTP APIs, the same in Express, Koa, Hono, Fastify, Nest, Next.js, h3, Nitro and Elysia: whatever a handler throws, the client gets JSON in one of two shapes (RFC 9457 detailed, or compact), with the right status and headers, and nothing internal leaks.',
    '',
    '## Guides',
    '',
    ...entries.map((e) => `- [${e.title}](${url(e.page)}): ${e.summary.slice(0, 200)}`),
    '',
    '## Optional',
    '',
    '- [API reference](/reference/): every export of every published entry point, from TSDoc',
    '- [llms-full.txt](/llms-full.txt): every guide page above in one file',
    '',
  ].join('\n');
  const full = entries.map((e) => `<!-- ${url(e.page)} -->\n\n${e.text.replace(/^---\n[\s\S]*?\n---\n/, '').trim()}\n`).join('\n\n');
  if (!existsSync(dist)) throw new Error(`${dist} does not exist: build the site first`);
  writeFileSync(join(dist, 'llms.txt'), index);
  writeFileSync(join(dist, 'llms-full.txt'), full);
  return { pages: entries.length, bytes: Buffer.byteLength(full) };
}
