import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConformanceRoutes, conformanceCases, runCase, runConformance } from '../src/index.js';
import { type Running, startBroken, startPlain } from './servers.js';

const WRITER = { authorization: 'Bearer writer-token' };

const routesUnder = (prefix: string): ConformanceRoutes => ({
  existing: `${prefix}/widgets`,
  wrongMethod: { path: `${prefix}/widgets`, method: 'put', allow: 'GET, HEAD, POST' },
  protected: { path: `${prefix}/widgets`, headers: WRITER },
  jsonBody: { path: `${prefix}/widgets`, method: 'post' },
  strictAccept: true,
});

describe('conformanceCases(routes)', () => {
  it('builds the table from the routes, credentials on every probe but the 401 one', () => {
    const cases = conformanceCases({ ...routesUnder('/api'), headers: { 'X-Tenant': 't1' } });
    expect(cases.map((kase) => kase.id)).toEqual(['existing', 'unknown-path', 'wrong-method', 'no-accept', 'html-accept', 'unauthenticated', 'malformed-json', 'oversize-body']);
    const byId = Object.fromEntries(cases.map((kase) => [kase.id, kase]));
    expect(byId['existing']!.request).toEqual({ method: 'GET', path: '/api/widgets', headers: { accept: 'application/json', 'x-tenant': 't1', authorization: 'Bearer writer-token' } });
    expect(byId['unknown-path']!.request.path).toBe('/api/widgets/no-such-path/error-contract-probe');
    expect(byId['wrong-method']).toMatchObject({ name: 'PUT /api/widgets is 405 with Allow', expected: { status: 405, code: 'method_not_allowed', headers: { allow: 'GET, HEAD, POST' } } });
    expect(byId['no-accept']!.request.headers).not.toHaveProperty('accept');
    expect(byId['unauthenticated']!.request.headers).toEqual({ accept: 'application/json', 'x-tenant': 't1' });
    expect(byId['malformed-json']!.request).toMatchObject({ method: 'POST', body: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(byId['oversize-body']!.request.body).toHaveLength(100 * 1024 + 1024);
    expect(byId['oversize-body']!.name).toBe('a body over 100 kB is 413');
    expect(cases.every((kase) => kase.checked)).toBe(true);
  });

  it('has the Accept cases only reported when the service is not strict, and leaves out what the routes do not give', () => {
    const cases = conformanceCases({ existing: '/widgets/', missing: '/nope', jsonBody: { path: '/w', method: 'PUT', maxBytes: 1000 } });
    expect(cases.map((kase) => [kase.id, kase.checked, kase.expected.status])).toEqual([
      ['existing', true, 'success'],
      ['unknown-path', true, 404],
      ['no-accept', false, 'any'],
      ['html-accept', false, 'any'],
      ['malformed-json', true, 400],
      ['oversize-body', true, 413],
    ]);
    expect(cases[1]!.request.path).toBe('/nope');
    expect(cases.at(-1)!.name).toBe('a body over 1000 bytes is 413');
  });

  it('says what is wrong with the routes', () => {
    expect(() => conformanceCases({ existing: 'widgets' })).toThrow('conformanceCases: "existing" must be a path starting with "/", got "widgets"');
    expect(() => conformanceCases(undefined as never)).toThrow('got undefined');
  });
});

describe('runConformance against apps that break the contract', () => {
  let broken: Running;
  let plain: Running;
  beforeAll(async () => {
    [broken, plain] = await Promise.all([startBroken(), startPlain()]);
  });
  afterAll(() => Promise.all([broken.close(), plain.close()]));

  const routes: ConformanceRoutes = { existing: '/widgets', wrongMethod: { path: '/widgets', method: 'PUT' }, jsonBody: { path: '/widgets', method: 'POST' }, strictAccept: true };

  it('finds every break of the broken app', async () => {
    const results = await runConformance({ baseUrl: broken.url }, routes);
    const failed = Object.fromEntries(results.filter((result) => !result.passed).map((result) => [result.case.id, result.problems]));
    expect(Object.keys(failed)).toEqual(['unknown-path', 'wrong-method', 'no-accept', 'html-accept', 'malformed-json', 'oversize-body']);
    expect(failed['unknown-path']).toContain('expected Content-Type application/json or application/problem+json, got text/html; charset=utf-8');
    expect(failed['wrong-method']).toContain('expected status 405, got 404');
    expect(failed['html-accept']).toContain('the body holds a stack trace ("\\n    at ")');
    expect(failed['malformed-json']).toEqual(expect.arrayContaining(['expected status 400, got 500', 'the body holds a stack trace ("\\n    at ")']));
    expect(results.find((result) => result.case.id === 'unknown-path')!.shape).toBe('not-contract');
  });

  it("shows what a plain Express app gets wrong: HTML errors, 404 for a wrong method, no 406", async () => {
    const results = await runConformance({ baseUrl: plain.url }, routes);
    const byId = Object.fromEntries(results.map((result) => [result.case.id, result]));
    expect(byId['existing']!.passed).toBe(true);
    expect(byId['unknown-path']!.problems[0]).toMatch(/Content-Type .* got text\/html/);
    expect(byId['wrong-method']!.problems).toContain('expected status 405, got 404');
    expect(byId['no-accept']!.problems).toEqual(['expected status 406, got 200']);
    expect(byId['malformed-json']).toMatchObject({ passed: false, shape: 'not-contract', response: { status: 400 } });
    expect(byId['oversize-body']!.response!.status).toBe(413);
  });

  it('a case whose route is wrong says to check the routes', async () => {
    const [existing] = await runConformance({ baseUrl: plain.url }, { existing: '/gadgets' });
    expect(existing!.problems).toEqual(['expected a success (2xx), got 404: check the routes and headers given']);
  });

  it('a request that gets no answer is a failed case, not a throw', async () => {
    const [first] = await runConformance({ baseUrl: 'http://127.0.0.1:1' }, { existing: '/widgets' });
    expect(first).toMatchObject({ passed: false, problems: [expect.stringMatching(/^no answer: .*ECONNREFUSED/)] });
  });
});

describe('runConformance with a fetch target', () => {
  it("sends Requests to a fetch function such as Hono's app.request", async () => {
    const app = new Hono();
    app.get('/widgets', (c) => c.json([]));
    const results = await runConformance({ fetch: (req) => app.request(req) }, { existing: '/widgets', jsonBody: { path: '/widgets', method: 'POST', maxBytes: 10 } });
    expect(results.map((result) => [result.case.id, result.response?.status, result.passed])).toEqual([
      ['existing', 200, true],
      ['unknown-path', 404, false],
      ['no-accept', 200, true],
      ['html-accept', 200, true],
      ['malformed-json', 404, false],
      ['oversize-body', 404, false],
    ]);
  });

  it('joins the base URL path, and a single case can be run', async () => {
    const seen: string[] = [];
    const fetch = async (req: Request) => {
      seen.push(`${req.method} ${new URL(req.url).pathname} ${req.headers.get('accept')}`);
      return new Response(JSON.stringify({ errors: [{ code: 'not_acceptable', message: 'send Accept' }] }), { status: 406, headers: { 'content-type': 'application/json' } });
    };
    const kase = conformanceCases({ existing: '/w', strictAccept: true }).find((candidate) => candidate.id === 'no-accept')!;
    const result = await runCase({ fetch, baseUrl: 'http://api.test/v1' }, kase);
    expect(result).toMatchObject({ passed: true, shape: 'compact' });
    expect(seen).toEqual(['GET /v1/w null']);
  });

  it('a timeout is a failed case', async () => {
    const { createServer } = await import('node:http');
    const server = createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      const [first] = await runConformance({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 100 }, { existing: '/w' });
      expect(first!.problems).toEqual(['no answer: no answer within 0.1 s']);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('a bad base URL is a TypeError at once', async () => {
    await expect(runConformance({ baseUrl: 'nope' }, { existing: '/w' })).rejects.toThrow('not a URL: "nope"');
    await expect(runConformance({ baseUrl: 'ftp://x' }, { existing: '/w' })).rejects.toThrow('not an http(s) URL');
  });
});
