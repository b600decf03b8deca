// The built site in a real headless Chromium (Debian's, driven by playwright-core: no browser
// download): every page opens with no console error, no failed request and no broken image; the
// local search finds P2002 in the Prisma preset; a framework guide's copy button copies its block.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite } from '../scripts/static-server.mjs';
import { isSiteStale } from './stale.ts';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(docs, '..');
const dist = join(docs, 'dist');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function pagesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : pagesOf(path);
    return name.endsWith('.html') && name !== '404.html' ? [`/${relative(dist, path).split('\\').join('/')}`] : [];
  });
}

let browser: Browser;
let context: BrowserContext;
let site: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  if (isSiteStale(root)) {
    const build = spawnSync(process.execPath, [join(docs, 'scripts/build.mjs')], { cwd: docs, stdio: 'inherit', timeout: 18 * 60_000 });
    if (build.status !== 0) throw new Error(`docs:build exited with ${build.status}`);
  }
  if (!existsSync(executablePath)) throw new Error(`no chromium at ${executablePath}: bash scripts/install-system-packages.sh installs it`);
  site = await serveSite(dist, 0);
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    timeout: 60_000,
  });
  context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url.replace(/\/$/, '') });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the built site in Chromium', () => {
  it('opens every page: no console error, no failed request, no broken image', async () => {
    const pages = pagesOf(dist);
    expect(pages.length).toBeGreaterThan(40);
    const problems: string[] = [];
    // two tabs at a time: bounded for a busy 2-core machine, half the time of one
    const queue = [...pages];
    const tab = async () => {
      const page = await context.newPage();
      let current = '';
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${current}: console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${current}: page error: ${error.message}`));
      page.on('requestfailed', (request) => {
        // VitePress prefetches the pages linked from the one shown; going to the next page aborts
        // those that are still loading. An aborted request for a file the site has is no failure (a
        // file it lacks is a 404, reported below).
        const aborted = request.failure()?.errorText === 'net::ERR_ABORTED';
        if (aborted && existsSync(join(dist, decodeURIComponent(new URL(request.url()).pathname)))) return;
        problems.push(`${current}: request failed: ${request.url()} (${request.failure()?.errorText})`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${current}: ${response.status()} for ${response.url()}`);
      });
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        current = path;
        await page.goto(new URL(path, site.url).href, { waitUntil: 'load', timeout: 30_000 });
        const broken = await page.evaluate(() =>
          [...document.images].filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.src),
        );
        for (const src of broken) problems.push(`${path}: broken image ${src}`);
      }
      await page.close();
    };
    await Promise.all([tab(), tab()]);
    console.log(`site: ${pages.length} pages opened, ${problems.length} problems`);
    expect(problems).toEqual([]);
  });

  it('the local search finds P2002 in the Prisma preset', async () => {
    const page = await context.newPage();
    await page.goto(site.url, { waitUntil: 'load' });
    await page.locator('.VPNavBarSearch button').first().click();
    await page.locator('.VPLocalSearchBox input').fill('P2002');
    const result = page.locator('.VPLocalSearchBox .results a[href*="presets/prisma"]').first();
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('href')).toContain('presets/prisma');
    await page.close();
  });

  it.each(['WWW-Authenticate', 'Retry-After', '405', 'trace id'])('the local search puts a guide before the API reference for %s', async (term) => {
    const page = await context.newPage();
    await page.goto(site.url, { waitUntil: 'load' });
    await page.locator('.VPNavBarSearch button').first().click();
    await page.locator('.VPLocalSearchBox input').fill(term);
    const first = page.locator('.VPLocalSearchBox .results a').first();
    await first.waitFor({ timeout: 30_000 });
    const hrefs = await page.locator('.VPLocalSearchBox .results a').evaluateAll((links) => links.slice(0, 3).map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => href.includes('reference/')), `the first results: ${hrefs.join(', ')}`).toEqual([]);
    await page.close();
  });

  it("a framework guide's code block has a working copy button", async () => {
    const page = await context.newPage();
    await page.goto(new URL('/guides/express.html', site.url).href, { waitUntil: 'load' });
    const block = page.locator('div[class*="language-ts"]').first();
    await block.hover();
    const button = block.locator('button.copy');
    await button.click();
    await expect.poll(async () => button.getAttribute('class')).toContain('copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("import { errorContract } from '@error-contract/express';");
    await page.close();
  });
});

// The reference's module pages (built above with the site) list each symbol with its one-line
// summary, from its TSDoc, not as a bare list of names.
describe('the API reference', () => {
  const moduleIndexes = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) return [];
      const index = join(path, 'index.md');
      return [...(existsSync(index) ? [index] : []), ...moduleIndexes(path)];
    });

  it("every module page gives each symbol's summary beside its name", () => {
    const pages = moduleIndexes(join(docs, 'reference')).filter((page) => /^# /m.test(readFileSync(page, 'utf8')));
    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) {
      const rows = readFileSync(page, 'utf8')
        .split('\n')
        .filter((line) => /^\| \[/.test(line));
      expect(rows.length, page).toBeGreaterThan(0);
      for (const row of rows) expect(row, page).toMatch(/^\| \[[^\]]+\]\([^)]+\) \| \S.*\|$/);
    }
  });
});
