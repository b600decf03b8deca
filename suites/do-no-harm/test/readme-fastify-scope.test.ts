// Issue 40: the Fastify guide's lines (docs/guides/fastify.md; the root README's before) put the contract on /api, as its
// "What changes" section promises: the contract built with `scope: '/api'`, its `frameworkErrors` in
// Fastify's options, the plugin `{ contract }` at the root. A page's failures outside /api keep
// Fastify's own answers byte for byte; under /api they are the contract's. Without `scope` (the
// README's lines before) a page's 404 was the contract's.
import { createErrorContract } from '@error-contract/core';
import { errorContract, frameworkErrors } from '@error-contract/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TYPE_BASE_URL = 'https://docs.example.com/errors/';

async function createApp(contract: 'none' | 'scoped' | 'app-wide'): Promise<FastifyInstance> {
  if (contract === 'none') {
    const app = Fastify();
    await routes(app);
    return app;
  }
  // the README's lines (`scope: '/api'`), or the same without scope
  const errors = createErrorContract({ typeBaseUrl: TYPE_BASE_URL, ...(contract === 'scoped' ? { scope: '/api' } : {}) });
  const app = Fastify({ frameworkErrors: frameworkErrors(errors) });
  await app.register(errorContract, { contract: errors });
  await routes(app);
  return app;
}

async function routes(app: FastifyInstance): Promise<void> {
  app.get('/page', async () => 'a page');
  await app.register(
    async (api) => {
      api.get('/widgets/:id', async (request) => ({ id: (request.params as { id: string }).id }));
    },
    { prefix: '/api' },
  );
}

const apps: Partial<Record<'none' | 'scoped' | 'app-wide', FastifyInstance>> = {};

beforeAll(async () => {
  for (const mode of ['none', 'scoped', 'app-wide'] as const) apps[mode] = await createApp(mode);
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((app) => app.close()));
});

function inject(mode: 'none' | 'scoped' | 'app-wide', url: string) {
  return apps[mode]!.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
}

describe("Fastify, the README's lines (contract scope '/api')", () => {
  it("outside /api, GET /nope is Fastify's own answer, byte for byte", async () => {
    const [before, after] = await Promise.all([inject('none', '/nope'), inject('scoped', '/nope')]);
    const { date: _before, ...beforeHeaders } = before.headers;
    const { date: _after, ...afterHeaders } = after.headers;
    expect(after.statusCode).toBe(before.statusCode);
    expect(afterHeaders).toEqual(beforeHeaders);
    expect(after.body).toBe(before.body);
  });

  it.each(['/page/%zz', `/page/${'x'.repeat(120)}/%E0%A4%A`])("outside /api, an undecodable path is Fastify's own 400, byte for byte (frameworkErrors writes it as Fastify does): %s", async (url) => {
    const [before, after] = await Promise.all([inject('none', url), inject('scoped', url)]);
    const { date: _before, ...beforeHeaders } = before.headers;
    const { date: _after, ...afterHeaders } = after.headers;
    expect(before.statusCode).toBe(400);
    expect(after.statusCode).toBe(400);
    expect(afterHeaders).toEqual(beforeHeaders);
    expect(after.body).toBe(before.body);
  });

  it("outside /api, GET /nope is Fastify's 404", async () => {
    const res = await inject('scoped', '/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET:/nope not found', error: 'Not Found', statusCode: 404 });
  });

  it("under /api, an unknown path is the contract's 404", async () => {
    const res = await inject('scoped', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: `${TYPE_BASE_URL}not_found`, status: 404, code: 'not_found' });
  });

  it("under /api, an undecodable path is the contract's 400 (frameworkErrors)", async () => {
    const [before, after] = await Promise.all([inject('none', '/api/widgets/%zz'), inject('scoped', '/api/widgets/%zz')]);
    expect(before.statusCode).toBe(400);
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('a success is answered as before', async () => {
    const [before, after] = await Promise.all([inject('none', '/api/widgets/7'), inject('scoped', '/api/widgets/7')]);
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before.body);
  });

  it("without `scope` (the README's lines before issue 40) a page's GET /nope was the contract's 404, not Fastify's", async () => {
    const res = await inject('app-wide', '/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
