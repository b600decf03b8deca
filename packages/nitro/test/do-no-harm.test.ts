// Do no harm: the fixture app of each major built twice, without the contract (no error handler of
// ours, our middleware ignored) and with it, and every answer outside a failure of the scope
// compared byte for byte: successes, a page, a public file, CORS (route rules, preflight included),
// a redirect, and Nitro's own errors outside `/api`. A failure in the scope is the contract's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../../../test-waits.js';
import { errorContractRoutes } from '../src/index.js';
import { type BuiltServer, buildApp, type NitroMajor, removeBuild, startBuilt } from './built-app.js';

const BUILD_TIMEOUT_MS = 6 * PROCESS_TEST_TIMEOUT_MS;
// what the app adds on its own: CORS on the API, a redirect
const ROUTE_RULES = { '/api/**': { cors: true }, '/old-hello': { redirect: { to: '/hello', statusCode: 301 } } };
// headers the server decides per response, not the app
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'last-modified', 'etag']);

const REQUESTS: Array<{ name: string; method: string; path: string; headers: Record<string, string> }> = [
  { name: 'an API success', method: 'GET', path: '/api/widgets', headers: { accept: 'application/json' } },
  { name: 'an API success with CORS', method: 'GET', path: '/api/widgets', headers: { accept: 'application/json', origin: 'https://app.example.com' } },
  { name: 'a CORS preflight', method: 'OPTIONS', path: '/api/widgets', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } },
  { name: 'a created resource', method: 'POST', path: '/api/widgets', headers: { accept: 'application/json', 'content-type': 'application/json' } },
  { name: 'a page', method: 'GET', path: '/hello', headers: { accept: 'text/html' } },
  { name: 'a page with no Accept', method: 'GET', path: '/hello', headers: {} },
  { name: 'a public file', method: 'GET', path: '/robots.txt', headers: {} },
  { name: 'a redirect', method: 'GET', path: '/old-hello', headers: {} },
  { name: "Nitro's own 404 outside the scope", method: 'GET', path: '/nothing', headers: { accept: 'text/html' } },
  { name: "Nitro's own answer to another method outside the scope", method: 'DELETE', path: '/hello', headers: {} },
];

async function answer(server: BuiltServer, request: (typeof REQUESTS)[number]) {
  const res = await fetch(`${server.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.method === 'POST' ? '{"name":"Gear"}' : undefined,
    redirect: 'manual',
  });
  const headers = [...res.headers].filter(([name]) => !VOLATILE.has(name));
  // Nitro's own error bodies name the request's URL, whose port differs between the two servers
  return { status: res.status, headers, body: (await res.text()).replaceAll(server.url, '<server>') };
}

describe.each([3, 2] as NitroMajor[])('Nitro %i: the same app with and without the contract', (major) => {
  const builds: string[] = [];
  let without: BuiltServer;
  let withContract: BuiltServer;
  beforeAll(async () => {
    // one build after the other: two at once on two cores take longer than in turn
    const plain = await buildApp(major, { routeRules: ROUTE_RULES, errorHandler: undefined, ignore: ['middleware/0.error-contract.ts'] });
    builds.push(plain);
    const ours = await buildApp(major, { routeRules: ROUTE_RULES, modules: [errorContractRoutes] });
    builds.push(ours);
    without = await startBuilt(plain);
    withContract = await startBuilt(ours);
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await without?.close();
    await withContract?.close();
    for (const dir of builds) removeBuild(dir);
  });

  it('the contract is there: an unknown API path is its 404', async () => {
    const res = await fetch(`${withContract.url}/api/nothing`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
    const bare = await fetch(`${without.url}/api/nothing`, { headers: { accept: 'application/json' } });
    expect(await bare.json()).toMatchObject({ error: true });
  });

  it.each(REQUESTS.map((request) => [request.name, request] as const))('%s: byte for byte as without it', async (_name, request) => {
    const before = await answer(without, request);
    const after = await answer(withContract, request);
    if (before.status < 400 || !request.path.startsWith('/api')) {
      expect(after).toEqual(before);
      return;
    }
    // a failure in the scope (Nitro 2's `cors` rule sets headers but leaves a preflight to the
    // router, which has no OPTIONS route: 405): the contract's answer, same status, the app's CORS kept
    expect(after.status).toBe(before.status);
    const cors = before.headers.filter(([name]) => name.startsWith('access-control-'));
    expect(cors.length).toBeGreaterThan(0);
    for (const header of cors) expect(after.headers).toContainEqual(header);
  });
});
