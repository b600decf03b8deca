// Do no harm on Next.js: a small site (next-app/: a page, static files, a redirect in the config, a
// security header on every answer, a header of the shop and CORS in its proxy, route handlers under
// /api, static ones among them) built and served by `next start` without the contract and with it
// on /api (errors.route on every route module, errors.notFoundRoute in app/api/[[...path]],
// errors.proxy around the app's own proxy, transpilePackages), as the README shows it. What the
// app answers itself must be the same byte for byte, what Next prerenders the same route table;
// what it fails under /api must be in the contract, with the headers set before the failure. A
// Pages Router API route (pages/api/legacy.js, errors.apiRoute) is served beside them, and every
// page stays byte-identical. Next's pages and error pages are React's and stay Next's: the
// contract's scope on Next is the API, so there is no app-wide mode here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody, differences, header, type RawRequest, type RawResponse, send } from '../src/compare.js';
import { builtFile, routeTable, startNextFixture } from '../src/next-fixture.js';
import type { Running } from '../src/servers.js';

const ORIGIN = 'https://app.example.com';
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip' };
const JSON_ACCEPT = { accept: 'application/json' };
const HELMET = 'x-content-type-options';
const SHOP = 'x-shop';

interface NextCase {
  name: string;
  request: RawRequest;
  failure?: { status: number; code: string; keeps?: string[] };
}

const CASES: NextCase[] = [
  // Next's own: static files, pages, a redirect in the config, a rewrite.
  { name: 'static index (rewritten /)', request: { method: 'GET', path: '/', headers: BROWSER } },
  { name: 'static index, no Accept', request: { method: 'GET', path: '/index.html' } },
  { name: 'stylesheet, gzipped', request: { method: 'GET', path: '/styles.css', headers: { accept: 'text/css,*/*;q=0.1', 'accept-encoding': 'gzip' } } },
  { name: 'binary file, a range', request: { method: 'GET', path: '/data.bin', headers: { range: 'bytes=0-99' } } },
  { name: 'HEAD of a static file', request: { method: 'HEAD', path: '/styles.css' } },
  { name: 'HTML page, gzipped', request: { method: 'GET', path: '/page', headers: BROWSER } },
  { name: 'HEAD of a page', request: { method: 'HEAD', path: '/page', headers: BROWSER } },
  { name: 'another page', request: { method: 'GET', path: '/admin', headers: BROWSER } },
  { name: 'permanent redirect (next.config)', request: { method: 'GET', path: '/old-page', headers: BROWSER } },
  { name: 'redirect() in a route handler outside /api', request: { method: 'GET', path: '/go' } },
  { name: "Next's 404 page outside /api", request: { method: 'GET', path: '/nope', headers: BROWSER } },

  // The API's successes through the wrapped route modules.
  { name: 'API list, gzipped', request: { method: 'GET', path: '/api/items', headers: { ...JSON_ACCEPT, 'accept-encoding': 'gzip' } } },
  { name: 'API list, no Accept', request: { method: 'GET', path: '/api/items' } },
  { name: 'API list, Accept: text/html', request: { method: 'GET', path: '/api/items', headers: { accept: 'text/html' } } },
  { name: 'API list, from the browser app (CORS from the proxy)', request: { method: 'GET', path: '/api/items', headers: { accept: '*/*', origin: ORIGIN } } },
  { name: 'API item', request: { method: 'GET', path: '/api/items/2', headers: JSON_ACCEPT } },
  { name: 'HEAD of an API item (GET without a body)', request: { method: 'HEAD', path: '/api/items/2' } },
  { name: 'API create', request: { method: 'POST', path: '/api/items', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{"name":"Lamp"}' } },
  { name: "OPTIONS, Next's own 204 with Allow", request: { method: 'OPTIONS', path: '/api/items' } },
  {
    name: 'CORS preflight (the proxy answers it)',
    request: { method: 'OPTIONS', path: '/api/items', headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } },
  },
  { name: 'CORS preflight from another origin', request: { method: 'OPTIONS', path: '/api/items', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } } },
  { name: 'a streamed response', request: { method: 'GET', path: '/api/stream' } },
  { name: 'cookies read and set through next/headers', request: { method: 'GET', path: '/api/cookie', headers: { cookie: 'theme=dark' } } },
  { name: 'redirect() in a route handler under /api: 307 with Location', request: { method: 'GET', path: '/api/go' } },
  { name: "the app's own 422", request: { method: 'GET', path: '/api/invalid', headers: JSON_ACCEPT } },
  { name: 'a Pages Router API route', request: { method: 'GET', path: '/api/legacy', headers: JSON_ACCEPT } },

  // Routes Next prerenders: served from its cache with the same x-nextjs-cache and cache-control.
  { name: 'a static route, revalidate = 3600 (ISR)', request: { method: 'GET', path: '/api/categories', headers: JSON_ACCEPT } },
  { name: 'HEAD of the ISR route', request: { method: 'HEAD', path: '/api/categories' } },
  { name: "a dynamic = 'force-static' route, a query and headers it does not see", request: { method: 'GET', path: '/api/settings?page=2', headers: { ...JSON_ACCEPT, 'accept-language': 'de' } } },
  { name: 'a GET-only module that reads no request (dynamic: Next 15 made GET handlers uncached by default)', request: { method: 'GET', path: '/api/version', headers: { accept: '*/*', origin: ORIGIN } } },
  { name: "OPTIONS of a prerendered route: Next's own 405 with Allow: GET, HEAD, kept as Next gives it", request: { method: 'OPTIONS', path: '/api/categories' } },
  { name: "OPTIONS of a GET-only dynamic module: Next's own 204 with Allow", request: { method: 'OPTIONS', path: '/api/version' } },
  { name: "the app's own OPTIONS handler", request: { method: 'OPTIONS', path: '/api/reports' } },
  { name: "the app's own OPTIONS handler, for a client that sends the probe's header", request: { method: 'OPTIONS', path: '/api/reports', headers: { 'x-error-contract-method-probe': 'guess' } } },
  { name: "Next's own OPTIONS, for a client that sends the probe's header", request: { method: 'OPTIONS', path: '/api/items', headers: { 'x-error-contract-method-probe': '' } } },
  { name: 'a POST-only module: its create', request: { method: 'POST', path: '/api/orders', headers: { 'content-type': 'application/json' }, body: '{"item":"1"}' } },
  { name: "OPTIONS of a POST-only module: Next's own 204, Allow: OPTIONS, POST (never the GET that answers 405)", request: { method: 'OPTIONS', path: '/api/orders' } },

  // What the app fails under /api: in the contract with it.
  { name: 'API route not found', request: { method: 'GET', path: '/api/nope', headers: { ...JSON_ACCEPT, origin: ORIGIN } }, failure: { status: 404, code: 'not_found', keeps: [HELMET, 'access-control-allow-origin'] } },
  { name: "API item not found (Next's notFound())", request: { method: 'GET', path: '/api/items/99', headers: JSON_ACCEPT }, failure: { status: 404, code: 'not_found', keeps: [HELMET] } },
  { name: 'API crash', request: { method: 'GET', path: '/api/crash', headers: { ...JSON_ACCEPT, origin: ORIGIN } }, failure: { status: 500, code: 'internal_server_error', keeps: [HELMET, 'access-control-allow-origin'] } },
  { name: 'API bare 403', request: { method: 'GET', path: '/api/forbidden', headers: JSON_ACCEPT }, failure: { status: 403, code: 'forbidden', keeps: [HELMET] } },
  { name: 'API malformed JSON', request: { method: 'POST', path: '/api/items', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{"name":' }, failure: { status: 400, code: 'bad_request', keeps: [HELMET, 'access-control-allow-origin'] } },
  { name: '/api itself (the optional catch-all)', request: { method: 'GET', path: '/api', headers: JSON_ACCEPT }, failure: { status: 404, code: 'not_found', keeps: [HELMET, SHOP] } },
  { name: 'API method not allowed', request: { method: 'DELETE', path: '/api/items', headers: JSON_ACCEPT }, failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, SHOP, 'allow'] } },
  { name: 'API method Next does not route (PROPFIND)', request: { method: 'PROPFIND', path: '/api/items', headers: JSON_ACCEPT }, failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, SHOP, 'allow'] } },
  {
    name: "PROPFIND from the browser app: the proxy's CORS headers and Vary kept",
    request: { method: 'PROPFIND', path: '/api/products', headers: { ...JSON_ACCEPT, origin: ORIGIN } },
    failure: { status: 404, code: 'not_found', keeps: [HELMET, SHOP, 'access-control-allow-origin', 'vary'] },
  },
  {
    name: 'a write to the ISR route (not exported)',
    request: { method: 'PUT', path: '/api/categories', headers: { ...JSON_ACCEPT, 'content-type': 'application/json', origin: ORIGIN }, body: '{}' },
    failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, SHOP, 'allow', 'access-control-allow-origin', 'vary'] },
  },
  { name: 'GET of a POST-only module: 405 with Allow: POST', request: { method: 'GET', path: '/api/orders', headers: JSON_ACCEPT }, failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, SHOP, 'allow'] } },
  { name: 'a POST to the default static route (not exported)', request: { method: 'POST', path: '/api/version', headers: JSON_ACCEPT, body: '' }, failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, SHOP, 'allow'] } },
  { name: 'a Pages Router API route that throws', request: { method: 'GET', path: '/api/legacy?fail=1', headers: JSON_ACCEPT }, failure: { status: 500, code: 'internal_server_error', keeps: [HELMET] } },
  { name: 'a Pages Router API route that ends a bare 404', request: { method: 'GET', path: '/api/legacy?missing=1', headers: JSON_ACCEPT }, failure: { status: 404, code: 'not_found', keeps: [HELMET] } },
  { name: 'a method the Pages Router API route does not name', request: { method: 'POST', path: '/api/legacy', headers: { ...JSON_ACCEPT, 'content-type': 'application/json' }, body: '{}' }, failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, 'allow'] } },
  { name: 'HEAD of a missing API item', request: { method: 'HEAD', path: '/api/items/99' }, failure: { status: 404, code: 'not_found', keeps: [HELMET] } },
];

const ALLOW: Record<string, string> = { '/api/items': 'GET, HEAD, POST', '/api/categories': 'GET, HEAD', '/api/version': 'GET, HEAD', '/api/orders': 'POST' };

function expectInContract(res: RawResponse, failure: NonNullable<NextCase['failure']>, method: string, path: string): void {
  expect(res.status).toBe(failure.status);
  if (failure.status === 405 && ALLOW[path] !== undefined) expect(header(res, 'allow')).toBe(ALLOW[path]);
  if (failure.keeps?.includes(SHOP)) expect(header(res, SHOP)).toBe('acme');
  if (failure.keeps?.includes('vary')) expect(header(res, 'vary')).toMatch(/\bOrigin\b/);
  expect(header(res, 'content-type')).toMatch(/^application\/(problem\+)?json/);
  for (const name of failure.keeps ?? []) expect(header(res, name), `keeps ${name}`).toBeDefined();
  if (method === 'HEAD') {
    expect(res.body.length).toBe(0);
    return;
  }
  const text = decodedBody(res);
  expect(text).not.toContain('hunter2');
  expect(text).not.toMatch(/\n\s+at /);
  expect(JSON.parse(text)).toMatchObject({ status: failure.status, code: failure.code, type: `https://docs.example.com/errors/${failure.code}` });
}

describe('next 16 (next start)', () => {
  let none: Running;
  let scoped: Running;

  beforeAll(async () => {
    [none, scoped] = await Promise.all([startNextFixture('none'), startNextFixture('scoped')]);
  }, 60_000);
  afterAll(() => Promise.all([none?.close(), scoped?.close()]));

  describe.each(CASES)('$name', (kase) => {
    const { failure } = kase;
    if (failure === undefined) {
      it('is answered the same with the contract on /api', async () => {
        const [before, after] = await Promise.all([send(none.port, kase.request), send(scoped.port, kase.request)]);
        expect(before.status).toBeLessThan(kase.name.includes('404 page') || kase.name.includes('422') || kase.name.includes("Next's own 405") ? 500 : 400);
        expect(differences(before, after)).toEqual([]);
      });
      return;
    }
    it('fails without the contract, outside the contract', async () => {
      const before = await send(none.port, kase.request);
      expect(before.status).toBeGreaterThanOrEqual(400);
      expect(decodedBody(before)).not.toContain('"type":"https://docs.example.com/errors/');
    });
    it('is in the contract with the contract on /api', async () => {
      expectInContract(await send(scoped.port, kase.request), failure, kase.request.method, kase.request.path);
    });
  });

  describe('what Next made of the app (the two builds)', () => {
    // the one route the contract adds: app/api/[[...path]]/route.ts, dynamic as every catch-all
    const CATCH_ALL = /^.*\/api\/\[\[\.\.\.path\]\].*\n/m;

    it('the route table is the same: every static route stays static', () => {
      const [before, after] = [routeTable('none'), routeTable('scoped')];
      expect(after).toMatch(/ƒ \/api\/\[\[\.\.\.path\]\]/);
      expect(after.replace(CATCH_ALL, '')).toBe(before);
      for (const path of ['/api/categories', '/api/settings']) expect(before, path).toMatch(new RegExp(`○ ${path}\\b`));
    });

    it('Next prerenders the same routes with the same revalidate times', () => {
      const prerendered = (mode: 'none' | 'scoped') =>
        Object.entries((JSON.parse(builtFile(mode, 'prerender-manifest.json')) as { routes: Record<string, { initialRevalidateSeconds: number | false }> }).routes).map(([route, { initialRevalidateSeconds }]) => `${route} ${initialRevalidateSeconds}`).sort();
      expect(prerendered('scoped')).toEqual(prerendered('none'));
      expect(prerendered('none')).toContain('/api/categories 3600');
    });

    it('every page loads the same scripts, byte for byte, with the Pages API route wrapped', async () => {
      for (const path of ['/page', '/admin', '/nope']) {
        const [before, after] = await Promise.all([send(none.port, { method: 'GET', path }), send(scoped.port, { method: 'GET', path })]);
        const scripts = (res: RawResponse) => [...decodedBody(res).matchAll(/<script src="([^"]+)"/g)].map((found) => found[1]);
        expect(scripts(before).length, path).toBeGreaterThan(0);
        expect(scripts(after), path).toEqual(scripts(before));
        for (const script of scripts(before)) {
          const [one, two] = await Promise.all([send(none.port, { method: 'GET', path: script! }), send(scoped.port, { method: 'GET', path: script! })]);
          expect(one.status, script).toBe(200);
          expect(two.body.equals(one.body), script).toBe(true);
        }
        expect(after.body.equals(before.body), path).toBe(true);
      }
    });
  });
});
