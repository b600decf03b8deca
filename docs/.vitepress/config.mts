import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type DefaultTheme } from 'vitepress';
// @ts-expect-error: a plain .mjs module of the build's scripts
import { slugify } from '../scripts/anchors.mjs';

// The reference's sidebar is written by typedoc-vitepress-theme when `docs:build` runs TypeDoc.
const referenceSidebarFile = fileURLToPath(new URL('../reference/typedoc-sidebar.json', import.meta.url));
const referenceSidebar: DefaultTheme.SidebarItem[] = existsSync(referenceSidebarFile)
  ? JSON.parse(readFileSync(referenceSidebarFile, 'utf8'))
  : [];

const guides: DefaultTheme.SidebarItem[] = [
  { text: 'Getting started', link: '/getting-started' },
  {
    text: 'Frameworks',
    items: [
      { text: 'Express', link: '/guides/express' },
      { text: 'Koa', link: '/guides/koa' },
      { text: 'Hono', link: '/guides/hono' },
      { text: 'Fastify', link: '/guides/fastify' },
      { text: 'NestJS', link: '/guides/nest' },
      { text: 'Next.js', link: '/guides/next' },
      { text: 'h3', link: '/guides/h3' },
      { text: 'Nitro and Nuxt', link: '/guides/nitro' },
      { text: 'Elysia', link: '/guides/elysia' },
    ],
  },
  { text: 'The contract', link: '/contract' },
  { text: "Node's own refusals", link: '/node' },
  {
    text: 'Errors from your libraries',
    link: '/presets/',
    items: [
      { text: 'Postgres', link: '/presets/postgres' },
      { text: 'MySQL', link: '/presets/mysql' },
      { text: 'SQLite', link: '/presets/sqlite' },
      { text: 'Prisma', link: '/presets/prisma' },
      { text: 'TypeORM', link: '/presets/typeorm' },
      { text: 'Sequelize', link: '/presets/sequelize' },
      { text: 'Mongoose', link: '/presets/mongoose' },
      { text: 'JWT', link: '/presets/jwt' },
      { text: 'Redis', link: '/presets/redis' },
      { text: 'Another service', link: '/presets/upstream' },
    ],
  },
  { text: 'Observability', link: '/observability' },
  { text: 'Rate limits and Redis', link: '/rate-limits' },
  { text: 'OpenAPI and docs pages', link: '/openapi' },
  { text: 'Declared errors', link: '/declared-errors' },
  { text: 'Testing and the probe', link: '/testing' },
  { text: 'The client', link: '/client' },
  { text: 'Performance', link: '/performance' },
  { text: 'Troubleshooting', link: '/troubleshooting' },
  { text: 'Contributing', link: '/contributing' },
  { text: 'Writing an adapter', link: '/guides/writing-an-adapter' },
];

const base = process.env.DOCS_BASE ?? '/';

export default defineConfig({
  title: 'error-contract',
  description: 'One error contract for HTTP APIs, the same in Express, Koa, Hono, Fastify, Nest and Next.js.',
  base,
  // an icon of its own: without one the browser asks for /favicon.ico, a 404 on every host
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: `${base}favicon.svg` }]],
  outDir: 'dist',
  cacheDir: '.vitepress/cache',
  srcExclude: ['README.md', 'parts/**', '.api/**', 'node_modules/**', 'test/**', 'scripts/**'],
  cleanUrls: false,
  lastUpdated: false,
  // a dead link fails the build; anchors are checked after it by scripts/check-links.mjs
  ignoreDeadLinks: false,
  markdown: {
    // the ids VitePress gives headings are the ones every link must use (TypeDoc's included)
    anchor: { slugify },
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Presets', link: '/presets/' },
      { text: 'API reference', link: '/reference/' },
    ],
    sidebar: {
      '/reference/': [{ text: 'API reference', link: '/reference/', items: referenceSidebar }],
      '/': guides,
    },
    // local search: an index built with the site, searched in the browser, no network
    search: {
      provider: 'local',
      options: {
        miniSearch: {
          searchOptions: {
            // VitePress's own defaults, kept
            fuzzy: 0.2,
            prefix: true,
            boost: { title: 4, text: 2, titles: 1 },
            // the guides before the API reference: a rule (the 401's challenge, Retry-After) is
            // stated on a guide, and its hundred reference entries would otherwise crowd it out.
            // Serialized into the page: it must not refer to anything outside itself.
            boostDocument: (id: string) => (id.includes('reference/') ? 0.2 : 1),
          },
        },
      },
    },
    outline: { level: [2, 3] },
  },
});
