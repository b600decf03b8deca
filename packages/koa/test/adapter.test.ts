import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { forbidden } from '@error-contract/core';
import createError from 'http-errors';
import type Koa from 'koa';
import legacyBodyParser from 'koa-bodyparser';
import ratelimit from 'koa-ratelimit';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { errorContract } from '../src/index.js';
import { koas } from './frameworks.js';

const JSON_ACCEPT = { Accept: 'application/json' };

describe.each(koas)('%s', (_name, KoaClass) => {
  function appWith(setup: (app: Koa, router: Router) => void, options: Parameters<typeof errorContract>[0] = {}) {
    const app = new KoaClass();
    app.silent = true;
    const router = new Router();
    app.use(errorContract({ onError: () => {}, ...options }));
    setup(app, router);
    app.use(router.routes());
    return app;
  }
  const server = (app: Koa) => app.callback();

  describe('before routing: the default refuses nothing', () => {
    const app = appWith((_app, router) => router.get('/page', (ctx) => (ctx.body = '<p>page</p>')));

    it.each(['', 'text/html', 'image/png'])('Accept %j reaches the route', async (accept) => {
      await request(server(app)).get('/page').set('Accept', accept).expect(200, '<p>page</p>');
    });
  });

  describe("before routing with accept: 'strict' and rejectMalformedPath", () => {
    const app = appWith((_app, router) => router.get('/widgets', (ctx) => (ctx.body = [])), { accept: 'strict', rejectMalformedPath: true });

    it('missing Accept is 406 not_acceptable', async () => {
      const res = await request(server(app)).get('/widgets').set('Accept', '');
      expect(res.status).toBe(406);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.body).toMatchObject({ code: 'not_acceptable', instance: '/widgets' });
    });

    it('an Accept with no JSON type is 406', async () => {
      expect((await request(server(app)).get('/widgets').set('Accept', 'text/html')).status).toBe(406);
    });

    it('a path that does not decode is 400', async () => {
      const res = await request(server(app)).get('/widgets/%E0%A4%A').set(JSON_ACCEPT);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('bad_request');
    });

    it('a JSON Accept passes', async () => {
      await request(server(app)).get('/widgets').set(JSON_ACCEPT).expect(200, []);
    });

    it('checkRequest: false lets any Accept through; a wrong option is a TypeError', async () => {
      const lenient = new KoaClass();
      lenient.use(errorContract({ accept: 'strict' }, { checkRequest: false }));
      lenient.use((ctx) => (ctx.body = { ok: true }));
      await request(lenient.callback()).get('/').set('Accept', 'text/html').expect(200);
      expect(() => errorContract({}, { checkRequest: 'no' as never })).toThrow(TypeError);
      expect(() => errorContract({}, { checkrequest: false } as never)).toThrow('has no option `checkrequest`; did you mean `checkRequest`?');
      expect(() => errorContract({ mapp: [] } as never)).toThrow('createErrorContract has no option `mapp`; did you mean `map`?');
    });
  });

  describe('404 and 405 from @koa/router', () => {
    const app = appWith((_app, router) => {
      router.get('/widgets', (ctx) => (ctx.body = []));
      router.post('/widgets', (ctx) => (ctx.status = 201));
      router.get('/widgets/:id', (ctx) => (ctx.body = { id: ctx.params.id }));
      router.delete('/widgets/:id', (ctx) => (ctx.status = 204));
      const parts = new Router({ prefix: '/api/v1/widgets/:id/parts' });
      parts.get('/:partId', (ctx) => (ctx.body = {}));
      parts.put('/:partId', (ctx) => (ctx.body = {}));
      router.use(parts.routes());
      router.all('/guarded', async (_ctx, next) => next());
      router.get('/guarded', (ctx) => (ctx.body = {}));
      router.get('/passes-on', async (_ctx, next) => next());
    });

    it('an unknown path is 404 not_found', async () => {
      const res = await request(server(app)).get('/nothing?x=1').set(JSON_ACCEPT);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', instance: '/nothing' });
    });

    it.each([
      ['PUT', '/widgets', 'GET, HEAD, POST'],
      ['PATCH', '/widgets/7', 'GET, HEAD, DELETE'],
      ['DELETE', '/api/v1/widgets/7/parts/3', 'GET, HEAD, PUT'],
      ['POST', '/guarded', 'GET, HEAD'],
    ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
      const res = await request(server(app))[method.toLowerCase() as 'put'](path).set(JSON_ACCEPT);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.body).toMatchObject({ code: 'method_not_allowed', instance: path });
    });

    it('paths whose matched layers overlap keep their own Allow, asked in any order and again', async () => {
      const overlapping = appWith((_app, router) => {
        router.get('/x/:id', (ctx) => (ctx.body = {}));
        router.get('/x/special', (ctx) => (ctx.body = {}));
        router.delete('/x/special', (ctx) => (ctx.status = 204));
        router.post('/y', (ctx) => (ctx.status = 201));
        router.get('/y', (ctx) => (ctx.body = []));
      });
      const expected: [string, string][] = [
        ['/x/special', 'GET, HEAD, DELETE'],
        ['/x/1', 'GET, HEAD'],
        ['/y', 'GET, HEAD, POST'],
      ];
      for (const [path, allow] of [...expected, ...expected.reverse(), ...expected]) {
        const res = await request(server(overlapping)).put(path).set(JSON_ACCEPT);
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe(allow);
      }
    });

    it('a route that passes its own method on is 404', async () => {
      expect((await request(server(app)).get('/passes-on').set(JSON_ACCEPT)).status).toBe(404);
    });

    it('HEAD of an unknown path is 404 with no body', async () => {
      const res = await request(server(app)).head('/nothing').set(JSON_ACCEPT);
      expect(res.status).toBe(404);
      expect(res.text).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/json');
    });

    it('HEAD where GET exists is served', async () => {
      expect((await request(server(app)).head('/widgets').set(JSON_ACCEPT)).status).toBe(200);
    });
  });

  describe('router.allowedMethods()', () => {
    function withAllowed(options?: Parameters<Router['allowedMethods']>[0]) {
      const app = new KoaClass();
      const router = new Router();
      router.get('/widgets', (ctx) => (ctx.body = []));
      app.use(errorContract({ onError: () => {} }));
      app.use(router.routes());
      app.use(router.allowedMethods(options));
      return app;
    }

    it('its 405 gets the contract body and keeps Allow', async () => {
      const res = await request(withAllowed().callback()).put('/widgets').set(JSON_ACCEPT);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('HEAD, GET');
      expect(res.body).toMatchObject({ code: 'method_not_allowed' });
    });

    it('its throw mode drops Allow: the adapter puts it back from the routes', async () => {
      const res = await request(withAllowed({ throw: true }).callback()).put('/widgets').set(JSON_ACCEPT);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    });

    it('its 501 for an unknown method gets the contract body', async () => {
      const res = await request(withAllowed().callback()).propfind('/widgets').set(JSON_ACCEPT);
      expect(res.status).toBe(501);
      expect(res.body).toMatchObject({ code: 'not_implemented' });
    });
  });

  describe('thrown errors', () => {
    const onAppError = vi.fn();
    const app = appWith((a, router) => {
      a.on('error', onAppError);
      router.get('/throw-401', (ctx) => ctx.throw(401, 'Token expired', { headers: { 'WWW-Authenticate': 'Bearer realm="widgets"' } }));
      router.get('/assert', (ctx) => ctx.assert(false, 422, 'Widget is incomplete'));
      router.get('/bug', () => {
        throw new Error('connection to db-7 failed: password=hunter2');
      });
      router.get('/string', () => {
        throw 'a string';
      });
      router.get('/http-error', () => {
        throw createError(409, 'Widget is locked', { code: 'widget_locked' });
      });
      router.get('/factory', () => {
        throw forbidden('Readers cannot delete.');
      });
      router.get('/cors', (ctx) => {
        ctx.set('Access-Control-Allow-Origin', 'https://app.example');
        ctx.set('Content-Encoding', 'gzip');
        ctx.throw(404, 'No widget 9');
      });
      router.get('/after-headers', (ctx) => {
        ctx.res.writeHead(200, { 'content-type': 'text/plain' });
        ctx.res.write('partial');
        throw new Error('late failure');
      });
    });

    it('ctx.throw(status, msg, { headers }) keeps its message and WWW-Authenticate', async () => {
      const res = await request(server(app)).get('/throw-401').set(JSON_ACCEPT);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="widgets"');
      expect(res.body).toMatchObject({ code: 'unauthorized', detail: 'Token expired' });
    });

    it('ctx.assert', async () => {
      const res = await request(server(app)).get('/assert').set(JSON_ACCEPT);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'unprocessable_entity', detail: 'Widget is incomplete' });
    });

    it("a bug is a 500 with nothing leaked, and still the app's 'error' event", async () => {
      onAppError.mockClear();
      const res = await request(server(app)).get('/bug').set(JSON_ACCEPT);
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.text).not.toMatch(/db-7|hunter2|password/);
      expect(onAppError).toHaveBeenCalledTimes(1);
      expect(onAppError.mock.calls[0]![0].message).toBe('connection to db-7 failed: password=hunter2');
    });

    it("a thrown string is a 500, emitted as an Error", async () => {
      onAppError.mockClear();
      expect((await request(server(app)).get('/string').set(JSON_ACCEPT)).status).toBe(500);
      expect(onAppError.mock.calls[0]![0]).toBeInstanceOf(Error);
      expect(onAppError.mock.calls[0]![0].message).toBe('non-error thrown: "a string"');
    });

    it('a 4xx is not emitted', async () => {
      onAppError.mockClear();
      await request(server(app)).get('/http-error').set(JSON_ACCEPT).expect(409);
      expect(onAppError).not.toHaveBeenCalled();
    });

    it('http-errors and core factories keep code and detail', async () => {
      expect((await request(server(app)).get('/http-error').set(JSON_ACCEPT)).body).toMatchObject({ code: 'widget_locked', detail: 'Widget is locked' });
      expect((await request(server(app)).get('/factory').set(JSON_ACCEPT)).body).toMatchObject({ status: 403, code: 'forbidden' });
    });

    it("headers set for the client survive (Koa's own handler drops them); the body's go", async () => {
      const res = await request(server(app)).get('/cors').set(JSON_ACCEPT);
      expect(res.status).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(res.headers['content-encoding']).toBeUndefined();
    });

    it('an error after headers were sent: the response is cut short (never left open), the error emitted once, and the server goes on', async () => {
      onAppError.mockClear();
      // Koa's own ctx.onerror leaves a started response open, and the client waits for ever.
      const outcome = await request(server(app))
        .get('/after-headers')
        .set(JSON_ACCEPT)
        .timeout(2000)
        .then((res) => `complete ${res.status}`)
        .catch((error: Error & { timeout?: number; code?: string }) => (error.timeout ? 'timeout' : 'cut short'));
      expect(outcome).toBe('cut short');
      expect(onAppError).toHaveBeenCalledTimes(1);
      expect(onAppError.mock.calls[0]![0].headerSent).toBe(true);
      await request(server(app)).get('/http-error').set(JSON_ACCEPT).expect(409);
    });
  });

  describe('bare statuses downstream', () => {
    const app = appWith((_app, router) => {
      router.get('/status-403', (ctx) => {
        ctx.status = 403;
      });
      router.get('/own-json', (ctx) => {
        ctx.status = 404;
        ctx.body = { mine: true };
      });
      router.get('/ok', (ctx) => {
        ctx.status = 204;
      });
    });

    it('ctx.status = 403 with no body gets the contract body', async () => {
      const res = await request(server(app)).get('/status-403').set(JSON_ACCEPT);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: 'forbidden', instance: '/status-403' });
    });

    it("a route's own error body is left alone", async () => {
      await request(server(app)).get('/own-json').set(JSON_ACCEPT).expect(404, { mine: true });
    });

    it('a success status is left alone', async () => {
      await request(server(app)).get('/ok').set(JSON_ACCEPT).expect(204);
    });
  });

  describe.each([
    ['@koa/bodyparser', () => bodyParser({ jsonLimit: '1kb' })],
    ['koa-bodyparser', () => legacyBodyParser({ jsonLimit: '1kb' })],
  ])('%s', (_parser, makeParser) => {
    const app = appWith((_app, router) => {
      router.post('/widgets', makeParser(), (ctx) => {
        ctx.status = 201;
        ctx.body = ctx.request.body as object;
      });
    });

    it('malformed JSON is 400 bad_request and is not echoed', async () => {
      const res = await request(server(app)).post('/widgets').set(JSON_ACCEPT).set('Content-Type', 'application/json').send('{"password":"hunter2",');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request', detail: 'The request body is not valid JSON.' });
      expect(res.text).not.toContain('hunter2');
    });

    it('a body over the limit is 413', async () => {
      const res = await request(server(app)).post('/widgets').set(JSON_ACCEPT).send({ name: 'x'.repeat(2000) });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('payload_too_large');
    });
  });

  describe.each([
    ['without throw', false],
    ['with throw: true', true],
  ])('koa-ratelimit %s', (_mode, throwMode) => {
    it('answers 429 with Retry-After in the contract', async () => {
      const app = new KoaClass();
      app.use(errorContract({ onError: () => {} }));
      app.use(ratelimit({ driver: 'memory', db: new Map(), duration: 60_000, max: 1, id: () => 'client', throw: throwMode }));
      app.use((ctx) => (ctx.body = []));
      await request(app.callback()).get('/').set(JSON_ACCEPT).expect(200);
      const res = await request(app.callback()).get('/').set(JSON_ACCEPT);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'too_many_requests' });
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
    });
  });

  describe('shapes and instance', () => {
    it('compact for v1; instance is the path called', async () => {
      const app = appWith(
        (_app, router) => {
          router.get('/api/client/v1/widgets/:id', (ctx) => ctx.throw(404, `No widget has the id "${ctx.params.id}".`));
          router.get('/api/client/v2/widgets/:id', (ctx) => ctx.throw(404, `No widget has the id "${ctx.params.id}".`));
        },
        { shape: (r) => (r.path.startsWith('/api/client/v1/') ? 'compact' : 'detailed') },
      );
      expect((await request(server(app)).get('/api/client/v1/widgets/9').set(JSON_ACCEPT)).body).toEqual({
        errors: [{ code: 'not_found', message: 'No widget has the id "9".' }],
      });
      const v2 = await request(server(app)).get('/api/client/v2/widgets/9?x=1').set('Accept', 'application/problem+json');
      expect(v2.headers['content-type']).toBe('application/problem+json');
      expect(v2.body).toMatchObject({ instance: '/api/client/v2/widgets/9' });
    });
  });

  describe('scope and do no harm', () => {
    function scopedApp() {
      const app = new KoaClass();
      app.silent = true;
      app.use(async (ctx, next) => {
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('Access-Control-Allow-Origin', 'https://app.example');
        await next();
      });
      app.use(errorContract({ onError: () => {}, scope: '/api', accept: 'json' }));
      const api = new Router({ prefix: '/api' });
      api.get('/widgets', (ctx) => (ctx.body = []));
      api.get('/config', async () => {
        const { readFile } = await import('node:fs/promises');
        await readFile('/nonexistent/error-contract/config.json');
      });
      api.get('/range', (ctx) => {
        ctx.set('Content-Range', 'bytes */1234');
        ctx.throw(416);
      });
      const pages = new Router();
      pages.get('/page', (ctx) => (ctx.body = '<p>page</p>'));
      pages.get('/broken', () => {
        throw new Error('template missing');
      });
      app.use(api.routes());
      app.use(pages.routes());
      return app;
    }

    it("outside the scope, Koa's own answers: its text 404 and 500", async () => {
      const app = scopedApp();
      const missing = await request(server(app)).get('/nothing');
      expect(missing.status).toBe(404);
      expect(missing.text).toBe('Not Found');
      const broken = await request(server(app)).get('/broken');
      expect(broken.status).toBe(500);
      expect(broken.text).toBe('Internal Server Error');
      await request(server(app)).get('/page').set('Accept', 'text/html').expect(200, '<p>page</p>');
    });

    it('inside it, failures are in the contract, with the headers set before it', async () => {
      const res = await request(server(scopedApp())).put('/api/widgets');
      expect(res.body).toMatchObject({ status: 405 });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    });

    it('a refusal carries the CORS headers set before it, so a browser can read it', async () => {
      const res = await request(server(scopedApp())).get('/api/widgets').set('Accept', 'text/html');
      expect(res.status).toBe(406);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    });

    it("a thrown ENOENT is 404, as Koa's own onerror makes it, and names no system code", async () => {
      const res = await request(server(scopedApp())).get('/api/config');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
      expect(res.text).not.toContain('ENOENT');
      expect(res.text).not.toContain('/nonexistent');
    });

    it('a 416 keeps Content-Range', async () => {
      const res = await request(server(scopedApp())).get('/api/range');
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1234');
    });
  });
  describe("observability: the 'error' event and Koa's default line carry the trace id", () => {
    const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

    function failingApp(listener?: (error: Error) => void) {
      const app = new KoaClass();
      if (listener !== undefined) app.on('error', listener);
      const router = new Router();
      router.get('/bug', () => {
        throw new Error('db down');
      });
      router.get('/missing', (ctx) => ctx.throw(404));
      app.use(errorContract());
      app.use(router.routes());
      return app;
    }

    it('a listener gets the original error, with err.traceId', async () => {
      const listener = vi.fn();
      await request(failingApp(listener).callback()).get('/bug').set({ ...JSON_ACCEPT, traceparent: TRACEPARENT }).expect(500);
      expect(listener).toHaveBeenCalledTimes(1);
      const emitted = listener.mock.calls[0]![0] as Error & { traceId?: string };
      expect(emitted.message).toBe('db down');
      expect(emitted.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(emitted.stack).not.toContain('trace 4bf9');
    });

    it("with no listener of the app's, Koa's own line ends with the trace id", async () => {
      const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const app = failingApp();
        await request(app.callback()).get('/bug').set({ ...JSON_ACCEPT, traceparent: TRACEPARENT }).expect(500);
        await request(app.callback()).get('/missing').set(JSON_ACCEPT).expect(404);
        expect(spy).toHaveBeenCalledTimes(1);
        const line = String(spy.mock.calls[0]![0]);
        expect(line).toContain('Error: db down');
        expect(line.trimEnd()).toMatch(/trace 4bf92f3577b34da6a3ce929d0e0e4736$/);
      } finally {
        spy.mockRestore();
      }
    });

    it("a shared error thrown twice names each failure's trace; an app's own traceId is kept", async () => {
      const shared = new Error('shared');
      const own = Object.assign(new Error('own'), { traceId: 'from-the-app' });
      const listener = vi.fn();
      const app = new KoaClass();
      app.on('error', listener);
      const router = new Router();
      router.get('/shared', () => {
        throw shared;
      });
      router.get('/own', () => {
        throw own;
      });
      app.use(errorContract());
      app.use(router.routes());
      const other = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      await request(app.callback()).get('/shared').set({ ...JSON_ACCEPT, traceparent: TRACEPARENT }).expect(500);
      expect((listener.mock.calls[0]![0] as { traceId?: string }).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      await request(app.callback()).get('/shared').set({ ...JSON_ACCEPT, traceparent: other }).expect(500);
      expect((listener.mock.calls[1]![0] as { traceId?: string }).traceId).toBe('0af7651916cd43dd8448eb211c80319c');
      await request(app.callback()).get('/own').set({ ...JSON_ACCEPT, traceparent: other }).expect(500);
      expect((listener.mock.calls[2]![0] as { traceId?: string }).traceId).toBe('from-the-app');
    });

    it('without a trace id known, the error is emitted as it is', async () => {
      const listener = vi.fn();
      await request(failingApp(listener).callback()).get('/bug').set(JSON_ACCEPT).expect(500);
      expect(listener.mock.calls[0]![0]).not.toHaveProperty('traceId');
    });
  });
});
