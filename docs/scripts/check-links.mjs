// Every internal link of the built site leads to a page that exists, and its #anchor to an id on
// that page. VitePress fails the build on a dead page link itself; anchors it does not check.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
// the site's base path (GitHub Pages: /<repository>/), as the config reads it
const base = process.env.DOCS_BASE ?? '/';

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The page a site path is served from: `/a/b` -> a/b.html, `/a/` -> a/index.html. */
function pageFile(path) {
  const clean = decodeURIComponent(path.startsWith(base) ? `/${path.slice(base.length)}` : path);
  if (clean.endsWith('/')) return join(dist, clean, 'index.html');
  if (clean.endsWith('.html')) return join(dist, clean);
  if (existsSync(join(dist, `${clean}.html`))) return join(dist, `${clean}.html`);
  return join(dist, clean);
}

const idsCache = new Map();
function idsOf(file) {
  if (!idsCache.has(file)) {
    const html = readFileSync(file, 'utf8');
    idsCache.set(file, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
  }
  return idsCache.get(file);
}

export function checkLinks() {
  const pages = htmlFiles(dist);
  const broken = [];
  let links = 0;
  for (const file of pages) {
    if (file.endsWith('404.html')) continue;
    const html = readFileSync(file, 'utf8');
    // the article only: the theme's own nav links are the same on every page
    const here = `/${relative(dist, file).split('\\').join('/')}`;
    for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
      if (/^(https?:|mailto:|tel:|javascript:)/.test(href) || href === '') continue;
      links += 1;
      const [pathPart, anchor] = href.split('#');
      const target = pathPart === '' ? file : pageFile(pathPart.startsWith('/') ? pathPart : posix.join(posix.dirname(here), pathPart));
      if (!existsSync(target) || statSync(target).isDirectory()) {
        broken.push(`${relative(dist, file)}: ${href} (no page)`);
        continue;
      }
      if (anchor && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(anchor))) {
        broken.push(`${relative(dist, file)}: ${href} (no id "${anchor}" there)`);
      }
    }
  }
  return { pages: pages.length, links, broken };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { pages, links, broken } = checkLinks();
  console.log(`links: ${links} internal links on ${pages} pages, ${broken.length} broken`);
  for (const line of broken) console.log(`  ${line}`);
  if (broken.length > 0) process.exit(1);
}
