// The plugin on Node, through `app.handle()` (Elysia's Web Standard adapter): every row of the
// table (fixture-app.ts), which bun.test.ts runs again over HTTP on Bun.
import { Elysia } from 'elysia';
import { describe, expect, it } from 'vitest';
import { errorContract } from '../src/index.js';
import { compiledRoute } from './compiled-route.js';
import { createApp, ROWS, requestOf, seen } from './fixture-app.js';
import { expectRow } from './rows.js';

const app = createApp();

describe('errorContract() on Node, through app.handle()', () => {
  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    await expectRow(await app.handle(requestOf('http://localhost', row)), row);
  });

  it('hands core the matched route template (http.route), none for a route miss', async () => {
    seen.length = 0;
    await app.handle(requestOf('http://localhost', { name: '', path: '/api/widgets/9', status: 404 }));
    await app.handle(requestOf('http://localhost', { name: '', path: '/api/nothing', status: 404 }));
    expect(seen.map((request) => request.route)).toEqual(['/api/widgets/:id', undefined]);
  });

  it('makes a plain route prepare no headers, cookies or query on each request', () => {
    expect(compiledRoute()).not.toMatch(/parseCookie|c\.headers=|c\.query=/);
  });

  it('keeps a plain route sync: a success awaits nothing of the contract (Elysia reads the hook as sync)', () => {
    expect(compiledRoute()).toMatch(/^function handle/);
    expect(compiledRoute()).not.toMatch(/await e\.afterHandle/);
  });

  it('hands the hooks after it the response a handler returned, not a promise of it', async () => {
    const seenByLater: unknown[] = [];
    const later = new Elysia()
      .use(errorContract({ logger: false }))
      .onAfterHandle(({ response }) => {
        seenByLater.push(response);
      })
      .get('/conflict', () => new Response(JSON.stringify({ message: 'The widget is locked.' }), { status: 409, headers: { 'content-type': 'application/json' } }));
    const res = await later.handle(new Request('http://localhost/conflict', { headers: { accept: 'application/json' } }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'The widget is locked.' });
    expect(seenByLater).toHaveLength(1);
    expect(seenByLater[0]).toBeInstanceOf(Response);
  });

  it('adds no hook before routing when the contract checks nothing there', () => {
    const bare = new Elysia().use(errorContract({ logger: false }));
    expect(bare.event.request ?? []).toHaveLength(0);
    const checking = new Elysia().use(errorContract({ logger: false, accept: 'strict' }));
    expect(checking.event.request).toHaveLength(1);
  });

  it('refuses a second contract on one app, and what is no Elysia app', () => {
    const errors = errorContract({ logger: false });
    const twice = new Elysia().use(errors);
    expect(() => twice.use(errorContract())).toThrow(/once per app/);
    expect(() => errors({} as never)).toThrow(TypeError);
  });

  it('an app onError registered before the contract answers first', async () => {
    const own = new Elysia()
      .onError(({ code }) => (code === 'NOT_FOUND' ? new Response('our own 404', { status: 404 }) : undefined))
      .use(errorContract({ logger: false }))
      .get('/fail', () => {
        throw new Error('x');
      });
    expect(await (await own.handle(new Request('http://localhost/nothing'))).text()).toBe('our own 404');
    expect((await own.handle(new Request('http://localhost/fail'))).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('keeps the contract for `errors.contract.error(code)`', () => {
    const errors = errorContract({ catalog: { widget_locked: { status: 409, title: 'Widget locked' } } as never, logger: false });
    expect(errors.contract.error('widget_locked' as never).status).toBe(409);
  });
});
