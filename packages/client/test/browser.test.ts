// The built main entry in a real headless Chromium: served with a page from a local server, it
// fetches error responses from the same server and reads them as it would in any browser.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './runtimes/chromium.js';

const chromium = findChromium();
if (!chromium) console.warn('browser.test.ts skipped: no chromium binary (not on PATH, no /usr/bin/chromium, no CHROMIUM_PATH). CI installs chromium.');

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>client in a browser</title></head><body>
<script type="module">
import { ApiError, createFetch, isApiError } from './index.js';
const read = async (path) => {
  const error = await ApiError.fromResponse(await fetch(path));
  const { status, code, message, dialect, shape, fieldErrors, traceId, retryAfter } = error;
  return { status, code, message, dialect, shape, fieldErrors, traceId, retryAfter, isError: error instanceof Error, marked: isApiError(error) };
};
try {
  let thrown;
  try {
    await createFetch()('/errors/detailed');
  } catch (error) {
    thrown = { notFound: isApiError(error, 'not_found'), is: error.is('not_found'), name: error.name };
  }
  window.__results = {
    detailed: await read('/errors/detailed'),
    compact: await read('/errors/compact'),
    jsonApi: await read('/errors/json-api'),
    html: await read('/errors/html'),
    thrown,
  };
} catch (error) {
  window.__results = { failed: String(error && error.stack || error) };
}
</script></body></html>`;

const ANSWERS: Record<string, [number, Record<string, string>, string]> = {
  '/': [200, { 'content-type': 'text/html; charset=utf-8' }, PAGE],
  '/errors/detailed': [
    404,
    { 'content-type': 'application/problem+json', 'x-request-id': 'req-9' },
    JSON.stringify({ type: 'https://docs.example.com/errors/not_found', title: 'Not Found', status: 404, detail: 'No widget has the id "9".', instance: '/widgets/9', code: 'not_found' }),
  ],
  '/errors/compact': [
    429,
    { 'content-type': 'application/json', 'retry-after': '5' },
    JSON.stringify({ errors: [{ code: 'validation_failed', message: 'items[0].price: must be >= 0' }] }),
  ],
  '/errors/json-api': [
    422,
    { 'content-type': 'application/vnd.api+json' },
    JSON.stringify({ errors: [{ status: '422', source: { pointer: '/data/attributes/firstName' }, title: 'Invalid Attribute', detail: 'First name must contain at least two characters.' }] }),
  ],
  '/errors/html': [502, { 'content-type': 'text/html' }, '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>'],
};

describe('in a headless Chromium', () => {
  let server: Server | undefined;
  let browser: Browser | undefined;
  let base = '';

  beforeAll(async () => {
    if (!chromium) return;
    const entry = new URL('../dist/index.js', import.meta.url);
    if (!existsSync(entry)) throw new Error('dist/index.js is missing: build the client first (pnpm --filter @error-contract/client build).');
    const script = readFileSync(entry);
    server = createServer((request, response) => {
      if (request.url === '/index.js') return void response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
      const [status, headers, body] = ANSWERS[request.url ?? ''] ?? [404, {}, ''];
      response.writeHead(status, headers).end(body);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      timeout: 30_000,
      protocolTimeout: 30_000,
    });
  }, 45_000);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    if (server) await new Promise((resolve) => server!.close(resolve));
  }, 15_000);

  it.skipIf(!chromium)(
    'reads a detailed, a compact, a JSON:API and an HTML error with the built module',
    async () => {
      const page = await browser!.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${base}/`, { waitUntil: 'load', timeout: 15_000 });
      await page.waitForFunction('window.__results !== undefined', { timeout: 15_000 });
      const results = (await page.evaluate('window.__results')) as Record<string, unknown>;
      await page.close();

      expect(results.failed).toBeUndefined();
      expect(results.detailed).toEqual({
        status: 404,
        code: 'not_found',
        message: 'No widget has the id "9".',
        dialect: 'problem-details',
        shape: 'detailed',
        fieldErrors: [],
        traceId: 'req-9',
        isError: true,
        marked: true,
      });
      expect(results.compact).toEqual({
        status: 429,
        code: 'validation_failed',
        message: 'items[0].price: must be >= 0',
        dialect: 'compact',
        shape: 'compact',
        fieldErrors: [{ field: 'items[0].price', pointer: '/items/0/price', detail: 'must be >= 0' }],
        retryAfter: 5000,
        isError: true,
        marked: true,
      });
      expect(results.jsonApi).toEqual({
        status: 422,
        code: 'unprocessable_entity',
        message: 'First name must contain at least two characters.',
        dialect: 'json-api',
        shape: 'unknown',
        fieldErrors: [{ field: 'firstName', pointer: '/data/attributes/firstName', detail: 'First name must contain at least two characters.' }],
        isError: true,
        marked: true,
      });
      expect(results.html).toEqual({ status: 502, code: 'bad_gateway', message: '502 Bad Gateway', dialect: 'html', shape: 'unknown', fieldErrors: [], isError: true, marked: true });
      expect(results.thrown).toEqual({ notFound: true, is: true, name: 'ApiError' });
    },
    60_000,
  );
});
