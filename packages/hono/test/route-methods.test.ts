import { Hono } from 'hono';
import { Hono as QuickHono } from 'hono/quick';
import { TrieRouter } from 'hono/router/trie-router';
import { Hono as TinyHono } from 'hono/tiny';
import { describe, expect, it } from 'vitest';
import { errorContract } from '../src/index.js';

// The 405 lookup keeps an index of the app's routes (a set of literal first segments, a memo per
// path); these check that the index never answers differently from the routes themselves.
function installed(app = new Hono()) {
  const errors = errorContract(app, { onError: () => {} });
  app.onError(errors.onError);
  app.notFound(errors.notFound);
  const send = async (method: string, path: string) => {
    const res = await errors.fetch(new Request(`http://localhost${path}`, { method, headers: { accept: 'application/json' } }));
    return { status: res.status, allow: res.headers.get('allow') };
  };
  return { app, send };
}

describe('which methods a path has (405 or 404)', () => {
  // PatternRouter (hono/tiny) and LinearRouter (hono/quick) match some patterns and trailing
  // slashes differently from a trie: their apps are asked directly, so Allow lists what they answer
  it.each([
    ['hono/tiny', () => new TinyHono(), [['GET', '/files/*'], ['PUT', '/files']], 'POST', '/files/'],
    ['hono/quick', () => new QuickHono(), [['GET', '/files/*'], ['PUT', '/files']], 'POST', '/files/'],
    ['hono/quick', () => new QuickHono(), [['GET', '/a/:id{[0-9]+}'], ['POST', '/a/:name{[a-z]+}']], 'PUT', '/a/b/'],
  ] as const)('%s: Allow names every method the app answers the path with', async (_name, make, routes, method, path) => {
    const { app, send } = installed(make() as unknown as Hono);
    for (const [routeMethod, routePath] of routes) app.on(routeMethod, routePath, (c) => c.text('ok'));
    const answered: string[] = [];
    for (const each of ['GET', 'POST', 'PUT', 'DELETE']) if ((await app.request(path, { method: each })).status === 200) answered.push(each);
    const { status, allow } = await send(method, path);
    expect(status).toBe(405);
    for (const each of answered) expect(allow?.split(', ')).toContain(each);
  });

  it('sees routes whose first segment is a parameter, so the first-segment index is not used', async () => {
    const { app, send } = installed();
    app.get('/widgets', (c) => c.json([]));
    app.get('/:tenant/orders', (c) => c.json([]));
    expect(await send('PUT', '/acme/orders')).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(await send('GET', '/acme/nothing')).toEqual({ status: 404, allow: null });
  });

  it('sees a wildcard first segment and the root route', async () => {
    const { app, send } = installed();
    app.get('/', (c) => c.text('home'));
    app.post('/files/*', (c) => c.text('stored'));
    expect(await send('PUT', '/')).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(await send('GET', '/files/a/b')).toEqual({ status: 405, allow: 'POST' });
    expect(await send('GET', '/other')).toEqual({ status: 404, allow: null });
  });

  it('answers from routes added after the first miss, for a path it has already answered', async () => {
    // Hono's default router refuses routes after the first request; its TrieRouter takes them.
    const { app, send } = installed(new Hono({ router: new TrieRouter() }));
    app.get('/widgets', (c) => c.json([]));
    expect(await send('PUT', '/gadgets')).toEqual({ status: 404, allow: null });
    expect(await send('PUT', '/widgets')).toEqual({ status: 405, allow: 'GET, HEAD' });
    app.get('/gadgets', (c) => c.json([]));
    app.delete('/widgets', (c) => c.body(null, 204));
    expect(await send('PUT', '/gadgets')).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(await send('PUT', '/widgets')).toEqual({ status: 405, allow: 'GET, HEAD, DELETE' });
  });

  it('stays right past the memo’s bound (more distinct paths than it keeps)', async () => {
    const { app, send } = installed();
    app.get('/widgets/:id', (c) => c.json({ id: c.req.param('id') }));
    for (let id = 0; id < 1100; id++) expect((await send('PUT', `/widgets/${id}`)).status).toBe(405);
    expect(await send('PUT', '/widgets/7')).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(await send('PUT', '/widgets/7/parts')).toEqual({ status: 404, allow: null });
  });

  it('answers long paths too, which it does not remember (a client chooses their length)', async () => {
    const { app, send } = installed();
    app.get('/widgets/:id', (c) => c.json({ id: c.req.param('id') }));
    const long = `/widgets/${'x'.repeat(4000)}`;
    for (let round = 0; round < 2; round++) expect(await send('PUT', long)).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(await send('PUT', `${long}/parts`)).toEqual({ status: 404, allow: null });
  });
});
