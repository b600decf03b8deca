// The README is the front page (issue 49 item 7): at most 12 KB, its two Quick start commands as
// .ci/run runs them, and every link going somewhere: a relative link to a file of the repository,
// a link into the site to a page (and heading) the site has. Each package README (its npm page)
// keeps its install line, its few lines and a link to its page on the site.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slugify } from '../scripts/anchors.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const docs = join(root, 'docs');
// where .github/workflows/docs.yml deploys the site (docs/README.md, "Where it is published")
const SITE = 'https://error-contract.github.io/error-contract/';

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const withoutCode = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
const links = (markdown: string) => [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

const packageReadmes = readdirSync(join(root, 'packages'))
  .filter((name) => !JSON.parse(read(`packages/${name}/package.json`)).private)
  .map((name) => `packages/${name}/README.md`);

/** The site page a link into the site names, as a file of docs/ (the reference is generated). */
function sitePage(path: string): string | undefined {
  if (path === '' || path.endsWith('/')) return join(docs, path, 'index.md');
  return join(docs, path.replace(/\.html$/, '.md'));
}

/** The ids VitePress gives a page's headings. */
function headingIds(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugify(m[1]!.replace(/`/g, '')));
}

/** Why a link of `file` goes nowhere, or undefined. */
function broken(file: string, link: string): string | undefined {
  if (link.startsWith(SITE)) {
    const [path = '', anchor] = link.slice(SITE.length).split('#');
    if (path.startsWith('reference/')) return path === 'reference/' ? undefined : `${link}: only the reference's index is linked from a README`;
    const page = sitePage(path);
    if (page === undefined || !existsSync(page)) return `${link}: the site has no ${path}`;
    if (anchor !== undefined && !headingIds(page).includes(anchor)) return `${link}: ${path} has no heading #${anchor}`;
    return undefined;
  }
  if (/^[a-z]+:/.test(link)) return undefined; // another site
  const [path = '', anchor] = link.split('#');
  if (path === '') return anchor !== undefined && headingIds(join(root, file)).includes(anchor) ? undefined : `${link}: no such heading in ${file}`;
  return existsSync(join(root, dirname(file), path)) ? undefined : `${link}: no such file`;
}

describe('the front page, README.md', () => {
  const readme = read('README.md');

  it('is at most 12 KB', () => {
    expect(statSync(join(root, 'README.md')).size).toBeLessThanOrEqual(12 * 1024);
  });

  it("has the Quick start's two commands, the second the one .ci/run runs", () => {
    expect(readme).toContain('```sh\nnpx -y pnpm@10 install && npx -y pnpm@10 demo\n```');
    expect(readme).toContain('```sh\nnpx -y pnpm@10 install && npx -y pnpm@10 test\n```');
    expect(read('.ci/run')).toContain('npx -y pnpm@10 install && npx -y pnpm@10 test');
  });

  it('says how to install before a release, with the command that packs every package', () => {
    expect(readme).toContain('npx -y pnpm@10 pack:local');
    expect(JSON.parse(read('package.json')).scripts['pack:local']).toBeDefined();
  });

  it('links into the site: getting started, each framework guide and every topic page', () => {
    const pages = ['getting-started', 'contract', 'presets/', 'observability', 'rate-limits', 'openapi', 'testing', 'client', 'performance', 'troubleshooting', 'reference/', 'contributing'];
    const guides = readdirSync(join(docs, 'guides')).map((file) => `guides/${file.replace(/\.md$/, '')}`);
    for (const page of [...pages, ...guides]) expect(readme, page).toContain(`](${SITE}${page.endsWith('/') ? page : `${page}.html`}`);
  });

  it('names how to build and serve the site', () => {
    expect(readme).toContain('npx -y pnpm@10 docs:build');
    expect(readme).toContain('npx -y pnpm@10 run docs');
  });

  it('has no broken link', () => {
    expect(links(readme).length).toBeGreaterThan(20);
    expect(links(readme).map((link) => broken('README.md', link)).filter(Boolean)).toEqual([]);
  });
});

describe.each(packageReadmes)('%s', (file) => {
  const readme = read(file);

  it('keeps its install line and its few lines, and links to its page on the site', () => {
    expect(readme).toMatch(/^npm install (--save-dev )?@error-contract\//m);
    expect(readme).toMatch(/```ts\n/);
    expect(links(readme).some((link) => link.startsWith(SITE) && link !== SITE)).toBe(true);
  });

  it('has no broken link', () => {
    expect(links(readme).map((link) => broken(file, link)).filter(Boolean)).toEqual([]);
  });
});
