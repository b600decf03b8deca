import createError from 'http-errors';
import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { notFound, unauthorized } from '@error-contract/core';
import { errorContract } from '../src/index.js';
import { expresses } from './frameworks.js';

const JSON_ACCEPT = { Accept: 'application/json' };

/** A middleware that wraps `res.end`, as compression does, and marks the responses it ended. */
const wrapsEnd: RequestHandler = (_req, res, next) => {
  const end = res.end as (...args: unknown[]) => unknown;
  res.end = function wrappedEnd(this: typeof res, ...args: unknown[]) {
    if (!this.headersSent) this.setHeader('x-wrapped', 'yes');
    return end.apply(this, args);
  } as typeof res.end;
  next();
};

describe.each(expresses)('%s', (_name, express, major) => {
  /** An app with the four-line setup around `routes`. */
  function appWith(routes: (app: ReturnType<typeof express>) => void, options: Parameters<typeof errorContract>[0] = {}) {
    const app = express();
    const errors = errorContract({ onError: () => {}, ...options });
    app.use(errors.guard());
    routes(app);
    app.use(errors.fallback());
    app.use(errors.handler());
    return app;
  }

  describe('guard: the default refuses nothing', () => {
    const app = appWith((a) => a.get('/page', (_req, res) => res.type('html').send('<h1>hi</h1>')));

    it.each([undefined, 'text/html', 'image/png'])('Accept %j reaches the route', async (accept) => {
      const res = await request(app).get('/page').set('Accept', accept ?? '');
      expect(res.status).toBe(200);
      expect(res.text).toBe('<h1>hi</h1>');
    });
  });

  describe("guard: 406 with accept: 'strict'", () => {
    const app = appWith((a) => a.get('/widgets', (_req, res) => res.json([])), { accept: 'strict' });

    it('missing Accept is 406 not_acceptable, before routing', async () => {
      const res = await request(app).get('/nowhere').set('Accept', '');
      expect(res.status).toBe(406);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.body).toMatchObject({ status: 406, code: 'not_acceptable', instance: '/nowhere' });
    });

    it('an Accept with no JSON type is 406', async () => {
      const res = await request(app).get('/widgets').set('Accept', 'text/html');
      expect(res.status).toBe(406);
      expect(res.body.detail).toContain('admits no JSON type');
    });

    it('a JSON Accept passes through to the route', async () => {
      await request(app).get('/widgets').set(JSON_ACCEPT).expect(200, []);
    });

    it('checkRequest: false lets any Accept through', async () => {
      const lenient = express();
      const errors = errorContract();
      lenient.use(errors.guard({ checkRequest: false }));
      lenient.get('/x', (_req, res) => res.json({ ok: true }));
      await request(lenient).get('/x').set('Accept', 'text/html').expect(200);
    });

    it('a wrong option is a TypeError at startup', () => {
      expect(() => errorContract().guard({ checkRequest: 'yes' as never })).toThrow(TypeError);
      // a misspelt key names the nearest one, in the adapter's options and in the contract's
      expect(() => errorContract().guard({ checkRequests: false } as never)).toThrow('@error-contract/express guard() has no option `checkRequests`; did you mean `checkRequest`?');
      expect(() => errorContract().fallback({ answerOption: true } as never)).toThrow('did you mean `answerOptions`?');
      expect(() => errorContract({ scopes: '/api' } as never)).toThrow('createErrorContract has no option `scopes`; did you mean `scope`?');
    });
  });

  describe('fallback with many routes: only the routes that could match are tested', () => {
    // Routes are indexed by a literal first segment; the answers must be those of a full walk.
    const app = appWith((a) => {
      for (let index = 0; index < 1000; index++) a.route(`/r${index}/widgets/:id`).get((_req, res) => res.json({})).post((_req, res) => res.json({}));
      a.put('/:tenant/settings', (_req, res) => res.json({}));
      a.patch(/^\/regex\/only$/, (_req, res) => res.json({}));
      a.delete(['/listed', '/also-listed'], (_req, res) => res.json({}));
    });

    it.each([
      ['PUT', '/r999/widgets/7', 405, 'GET, HEAD, POST'],
      ['DELETE', '/R500/Widgets/7', 405, 'GET, HEAD, POST'],
      ['GET', '/acme/settings', 405, 'PUT'],
      ['GET', '/r5/settings', 405, 'PUT'],
      ['GET', '/regex/only', 405, 'PATCH'],
      ['GET', '/also-listed', 405, 'DELETE'],
      ['GET', '/r1000/widgets/7', 404, undefined],
      ['GET', '/r999/gadgets/7', 404, undefined],
    ])('%s %s is %i', async (method, path, status, allow) => {
      const res = await request(app)[method.toLowerCase() as 'get'](path).set(JSON_ACCEPT);
      expect(res.status).toBe(status);
      expect(res.headers.allow).toBe(allow);
    });

    it('a route added after a miss is seen by the next one', async () => {
      const grown = express();
      const errors = errorContract({ onError: () => {} });
      grown.get('/first', (_req, res) => res.json({}));
      const fallback = errors.fallback();
      const handler = errors.handler();
      grown.use((req, res, next) => fallback(req, res, next));
      grown.use(handler);
      expect((await request(grown).put('/late').set(JSON_ACCEPT)).status).toBe(404);
      // a route added later goes after the fallback in the stack, but is still one of the app's routes
      grown.post('/late', (_req, res) => res.json({}));
      const res = await request(grown).put('/late').set(JSON_ACCEPT);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
    });
  });

  describe('fallback: 404 and 405 from the route tables', () => {
    const app = appWith((a) => {
      a.get('/widgets', (_req, res) => res.json([]));
      a.post('/widgets', (_req, res) => res.status(201).json({}));
      a.route('/widgets/:id').get((_req, res) => res.json({})).delete((_req, res) => res.sendStatus(204));
      const v1 = express.Router();
      const nested = express.Router({ mergeParams: true });
      nested.get('/parts/:partId', (_req, res) => res.json({}));
      nested.put('/parts/:partId', (_req, res) => res.json({}));
      v1.use('/widgets/:id', nested);
      v1.patch('/settings', (_req, res) => res.json({}));
      a.use('/api/v1', v1);
      a.all('/ping', (_req, res) => res.json({ pong: true }));
      a.all('/guarded', (_req, _res, next) => next());
      a.get('/guarded', (_req, res) => res.json({}));
      a.get('/passes-on', (_req, _res, next) => next());
    });

    it('an unknown path is 404 not_found', async () => {
      const res = await request(app).get('/nothing/here?x=1').set(JSON_ACCEPT);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', instance: '/nothing/here' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it.each([
      ['PUT', '/widgets', 'GET, HEAD, POST'],
      ['PATCH', '/widgets/7', 'GET, HEAD, DELETE'],
      ['DELETE', '/api/v1/widgets/7/parts/3', 'GET, HEAD, PUT'],
      ['GET', '/api/v1/settings', 'PATCH'],
      ['POST', '/guarded', 'GET, HEAD'],
    ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
      const res = await request(app)[method.toLowerCase() as 'put'](path).set(JSON_ACCEPT);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.body).toMatchObject({ code: 'method_not_allowed', instance: path });
    });

    it('app.all serves every method', async () => {
      await request(app).delete('/ping').set(JSON_ACCEPT).expect(200, { pong: true });
    });

    it('a route that passes the request on for its own method means 404, not 405', async () => {
      expect((await request(app).get('/passes-on').set(JSON_ACCEPT)).status).toBe(404);
    });

    it('HEAD of an unknown path is 404 with no body', async () => {
      const res = await request(app).head('/nothing').set(JSON_ACCEPT);
      expect(res.status).toBe(404);
      expect(res.text).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/json');
    });

    it('HEAD where GET exists is served', async () => {
      expect((await request(app).head('/widgets').set(JSON_ACCEPT)).status).toBe(200);
    });

    it('a path under a router that exists for no method is 404', async () => {
      expect((await request(app).get('/api/v1/unknown').set(JSON_ACCEPT)).status).toBe(404);
    });
  });

  describe('handler: whatever reached next(err)', () => {
    const app = appWith((a) => {
      a.get('/sync', () => {
        throw new Error('connection to db-7 failed: password=hunter2');
      });
      a.get('/next', (_req, _res, next) => next(createError(409, 'Widget is locked', { code: 'widget_locked' })));
      a.get('/string', (_req, _res, next) => next('a string'));
      a.get('/number', () => {
        throw 42;
      });
      a.get('/plain-object', () => {
        throw { status: 404, message: 'No widget' };
      });
      a.get('/null', () => {
        throw null;
      });
      a.get('/challenge', () => {
        throw unauthorized({ challenge: 'Bearer realm="widgets"' });
      });
      a.get('/route-skip', (_req, _res, next) => next('route'));
      a.get('/route-skip', (_req, res) => res.json({ second: true }));
      a.get('/widgets/:id', (req, res) => res.json({ id: req.params.id }));
      a.get('/cors', (_req, res) => {
        res.setHeader('Access-Control-Allow-Origin', 'https://app.example');
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('ETag', '"abc"');
        throw notFound('No widget 9');
      });
      a.get('/after-headers', (_req, res, next) => {
        res.write('partial');
        next(new Error('late failure'));
      });
      if (major === 5) {
        a.get('/async', async () => {
          await Promise.resolve();
          throw createError(403, 'Readers cannot do that');
        });
        a.get('/async-undefined', async () => {
          await Promise.resolve();
          throw undefined;
        });
      }
    });

    it('a sync throw is a 500 with a generic detail and nothing leaked', async () => {
      const res = await request(app).get('/sync').set(JSON_ACCEPT);
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: 'internal_server_error', detail: 'The service failed to process the request.' });
      expect(res.text).not.toMatch(/db-7|hunter2|password|\.ts|at /);
    });

    it('next(httpError) keeps status, code and message', async () => {
      const res = await request(app).get('/next').set(JSON_ACCEPT);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'widget_locked', detail: 'Widget is locked' });
    });

    it.each([
      ['/string', 500],
      ['/number', 500],
      ['/plain-object', 404],
    ])('a thrown non-error (%s) gets the contract, status %i', async (path, status) => {
      const res = await request(app).get(path).set(JSON_ACCEPT);
      expect(res.status).toBe(status);
      expect(res.body.status).toBe(status);
      expect(res.headers['content-type']).toBe('application/json');
    });

    it('throw null gets a contract response too', async () => {
      // A sync `throw null` reaches Express as next(null), "no error", so the fallback answers 404.
      const res = await request(app).get('/null').set(JSON_ACCEPT);
      expect(res.status).toBe(404);
      expect(res.body.status).toBe(res.status);
    });

    it('WWW-Authenticate from the error survives', async () => {
      const res = await request(app).get('/challenge').set(JSON_ACCEPT);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="widgets"');
    });

    it("next('route') is not an error", async () => {
      await request(app).get('/route-skip').set(JSON_ACCEPT).expect(200, { second: true });
    });

    it('a bad percent-encoding in a route parameter is 400, not 500', async () => {
      const res = await request(app).get('/widgets/%E0%A4%A').set(JSON_ACCEPT);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request' });
    });

    it('headers the app set for the client stay; those of the abandoned body go', async () => {
      const res = await request(app).get('/cors').set(JSON_ACCEPT);
      expect(res.status).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(res.body.detail).toBe('No widget 9');
    });

    it('an error after headers were sent: no second response, no crash, the server goes on', async () => {
      const outcome = await request(app)
        .get('/after-headers')
        .set(JSON_ACCEPT)
        .then((res) => res.status)
        .catch((error: Error) => error.message);
      expect([200, 'aborted', 'socket hang up']).toContain(outcome);
      await request(app).get('/widgets/1').set(JSON_ACCEPT).expect(200);
    });

    if (major === 5) {
      it('an async throw (Express 5) is rendered', async () => {
        const res = await request(app).get('/async').set(JSON_ACCEPT);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'forbidden', detail: 'Readers cannot do that' });
      });

      it('an async rejection with undefined (Express 5) is a 500', async () => {
        expect((await request(app).get('/async-undefined').set(JSON_ACCEPT)).status).toBe(500);
      });
    }
  });

  describe('express.json()', () => {
    const app = appWith((a) => {
      a.post('/widgets', express.json({ limit: '1kb' }), (req, res) => res.status(201).json(req.body));
    });

    it('malformed JSON is 400 bad_request, and the body is not echoed', async () => {
      const res = await request(app).post('/widgets').set(JSON_ACCEPT).set('Content-Type', 'application/json').send('{"password":"hunter2",');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request', detail: 'The request body is not valid JSON.' });
      expect(res.text).not.toContain('hunter2');
    });

    it('a body over the limit is 413 payload_too_large', async () => {
      const res = await request(app).post('/widgets').set(JSON_ACCEPT).send({ name: 'x'.repeat(2000) });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('payload_too_large');
    });

    it('an unsupported charset is 415', async () => {
      const res = await request(app).post('/widgets').set(JSON_ACCEPT).set('Content-Type', 'application/json; charset=klingon').send('{}');
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('unsupported_media_type');
      expect(res.text).not.toContain('klingon');
    });
  });

  describe('bare error statuses', () => {
    const app = appWith((a) => {
      a.get('/send-status', (_req, res) => res.sendStatus(403));
      a.get('/status-end', (_req, res) => res.status(401).end());
      a.get('/bare-json-type', (_req, res) => res.status(401).type('json').end());
      a.get('/own-json', (_req, res) => res.status(404).json({ mine: true }));
      a.get('/ok', (_req, res) => res.sendStatus(200));
    });

    it('res.sendStatus(403) gets the contract body', async () => {
      const res = await request(app).get('/send-status').set(JSON_ACCEPT);
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.body).toMatchObject({ status: 403, code: 'forbidden', instance: '/send-status' });
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    });

    it('res.status(401).end() gets the contract body', async () => {
      const res = await request(app).get('/status-end').set(JSON_ACCEPT);
      expect(res.body).toMatchObject({ status: 401, code: 'unauthorized' });
    });

    it('an empty body typed as JSON is bare too (the same rule as in Hono)', async () => {
      const res = await request(app).get('/bare-json-type').set(JSON_ACCEPT);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 401, code: 'unauthorized' });
    });

    it("a route's own JSON error body is left alone", async () => {
      await request(app).get('/own-json').set(JSON_ACCEPT).expect(404, { mine: true });
    });

    it('a success status is left alone', async () => {
      await request(app).get('/ok').set(JSON_ACCEPT).expect(200, 'OK');
    });

    it('HEAD of a bare error has the status and no body', async () => {
      const res = await request(app).head('/send-status').set(JSON_ACCEPT);
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toBe('application/json');
    });

    it('the guard gives a response no own properties (its end hook sits on the app, once)', async () => {
      const own: string[][] = [];
      const watched = appWith((a) => a.get('/look', (_req, res) => res.json((own.push(Reflect.ownKeys(res).map(String)), []))));
      const bare = express();
      bare.get('/look', (_req, res) => res.json((own.push(Reflect.ownKeys(res).map(String)), [])));
      await request(watched).get('/look').set(JSON_ACCEPT).expect(200);
      await request(watched).get('/look').set(JSON_ACCEPT).expect(200);
      await request(bare).get('/look').set(JSON_ACCEPT).expect(200);
      expect(own[0]).toEqual(own[2]);
      expect(own[1]).toEqual(own[2]);
      expect(Object.hasOwn(express.response, 'end')).toBe(false);
    });

    it("Node's end patched after the hook (as an APM agent may) still runs, for successes and bare errors", async () => {
      const { ServerResponse } = await import('node:http');
      const app = appWith((a) => {
        a.get('/ok', (_req, res) => res.json([]));
        a.get('/forbidden', (_req, res) => res.sendStatus(403));
      });
      await request(app).get('/ok').set(JSON_ACCEPT).expect(200);
      const original = ServerResponse.prototype.end;
      let seen = 0;
      ServerResponse.prototype.end = function instrumented(this: unknown, ...args: unknown[]) {
        seen++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        await request(app).get('/ok').set(JSON_ACCEPT).expect(200, []);
        expect((await request(app).get('/forbidden').set(JSON_ACCEPT)).body).toMatchObject({ status: 403, code: 'forbidden' });
      } finally {
        ServerResponse.prototype.end = original;
      }
      expect(seen).toBeGreaterThanOrEqual(2);
    });

    it('a route placed before the guard keeps its bare status, also after the guard has armed others', async () => {
      const app = express();
      const errors = errorContract({ onError: () => {} });
      app.get('/before', (_req, res) => res.sendStatus(403));
      app.use(errors.guard());
      app.get('/after', (_req, res) => res.sendStatus(403));
      expect((await request(app).get('/after').set(JSON_ACCEPT)).body).toMatchObject({ status: 403, code: 'forbidden' });
      const before = await request(app).get('/before').set(JSON_ACCEPT);
      expect(before.status).toBe(403);
      expect(before.text).toBe('Forbidden');
      expect((await request(app).get('/after').set(JSON_ACCEPT)).body).toMatchObject({ status: 403, code: 'forbidden' });
    });

    it('a guard that is the app’s first layer covers every response; a layer moved before it later keeps its bare status', async () => {
      const app = express();
      const errors = errorContract({ onError: () => {} });
      app.use(errors.guard());
      app.get('/after', (_req, res) => res.sendStatus(403));
      expect((await request(app).get('/after').set(JSON_ACCEPT)).body).toMatchObject({ status: 403, code: 'forbidden' });
      app.use((req, res, next) => (req.path === '/sneak' ? res.sendStatus(403) : next()));
      const stack = ((app as unknown as { _router?: { stack: unknown[] } })._router ?? (app as unknown as { router: { stack: unknown[] } }).router).stack;
      stack.splice(major === 4 ? 2 : 0, 0, stack.pop());
      const sneak = await request(app).get('/sneak').set(JSON_ACCEPT);
      expect(sneak.status).toBe(403);
      expect(sneak.text).toBe('Forbidden');
      expect((await request(app).get('/after').set(JSON_ACCEPT)).body).toMatchObject({ status: 403, code: 'forbidden' });
    });

    it('a first-layer guard leaves paths outside the contract’s scope as Express answers them', async () => {
      const app = express();
      const errors = errorContract({ scope: '/api', onError: () => {} });
      app.use(errors.guard());
      app.get('/api/forbidden', (_req, res) => res.sendStatus(403));
      app.get('/page', (_req, res) => res.sendStatus(403));
      expect((await request(app).get('/api/forbidden').set(JSON_ACCEPT)).body).toMatchObject({ status: 403, code: 'forbidden' });
      const page = await request(app).get('/page').set(JSON_ACCEPT);
      expect(page.status).toBe(403);
      expect(page.text).toBe('Forbidden');
    });

    it('with a guard first in the app and another first in a sub-app, the outer contract answers (the first guard a response passes)', async () => {
      const app = express();
      const sub = express();
      const outer = errorContract({ typeBaseUrl: 'https://outer.example/errors/', onError: () => {} });
      const inner = errorContract({ typeBaseUrl: 'https://inner.example/errors/', onError: () => {} });
      app.use(outer.guard());
      sub.use(inner.guard());
      sub.get('/forbidden', (_req, res) => res.sendStatus(403));
      app.use('/sub', sub);
      for (let round = 0; round < 2; round++) {
        const res = await request(app).get('/sub/forbidden').set(JSON_ACCEPT);
        expect(res.status).toBe(403);
        expect(res.body.type).toBe('https://outer.example/errors/forbidden');
      }
    });

    it('a middleware before the guard that wraps res.end (as compression does) gets the contract body through its wrapper', async () => {
      const app = express();
      const errors = errorContract({ onError: () => {} });
      app.use(wrapsEnd);
      app.use(errors.guard());
      app.get('/forbidden', (_req, res) => res.sendStatus(403));
      app.get('/ok', (_req, res) => res.json([]));
      for (let round = 0; round < 2; round++) {
        const res = await request(app).get('/forbidden').set(JSON_ACCEPT);
        expect(res.body).toMatchObject({ status: 403, code: 'forbidden' });
        expect(res.headers['x-wrapped']).toBe('yes');
        await request(app).get('/ok').set(JSON_ACCEPT).expect(200, []);
      }
    });

    it('a sub-app whose guard is its first layer, behind a parent’s end wrapper on some paths only, converts on those paths too', async () => {
      const app = express();
      const api = express();
      const errors = errorContract({ onError: () => {} });
      api.use(errors.guard());
      api.get('/ok', (_req, res) => res.json([]));
      api.get('/wrapped/forbidden', (_req, res) => res.sendStatus(403));
      app.use('/api/wrapped', wrapsEnd);
      app.use('/api', api);
      await request(app).get('/api/ok').set(JSON_ACCEPT).expect(200, []);
      const res = await request(app).get('/api/wrapped/forbidden').set(JSON_ACCEPT);
      expect(res.body).toMatchObject({ status: 403, code: 'forbidden' });
      expect(res.headers['x-wrapped']).toBe('yes');
    });
  });

  describe('express-rate-limit', () => {
    it('the ready handler answers 429 with Retry-After and keeps RateLimit headers', async () => {
      const app = express();
      const errors = errorContract({ onError: () => {} });
      app.use(errors.guard());
      app.use(rateLimit({ windowMs: 60_000, limit: 1, standardHeaders: 'draft-7', legacyHeaders: false, handler: errors.rateLimitHandler }));
      app.get('/widgets', (_req, res) => res.json([]));
      app.use(errors.fallback());
      app.use(errors.handler());
      await request(app).get('/widgets').set(JSON_ACCEPT).expect(200);
      const res = await request(app).get('/widgets').set(JSON_ACCEPT);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'too_many_requests' });
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers.ratelimit).toContain('remaining=0');
    });
  });

  describe('shape and instance under mounted routers', () => {
    it('compact for v1, full originalUrl as instance', async () => {
      const app = express();
      const errors = errorContract({ shape: (r) => (r.path.startsWith('/api/client/v1/') ? 'compact' : 'detailed'), onError: () => {} });
      const router = express.Router();
      router.get('/widgets/:id', (req) => {
        throw notFound(`No widget has the id ${JSON.stringify(req.params.id)}.`);
      });
      app.use(errors.guard());
      app.use('/api/client/v1', router);
      app.use('/api/client/v2', router);
      app.use(errors.fallback());
      app.use(errors.handler());
      const v1 = await request(app).get('/api/client/v1/widgets/9').set(JSON_ACCEPT);
      expect(v1.body).toEqual({ errors: [{ code: 'not_found', message: 'No widget has the id "9".' }] });
      const v2 = await request(app).get('/api/client/v2/widgets/9?verbose=1').set('Accept', 'application/problem+json');
      expect(v2.headers['content-type']).toBe('application/problem+json');
      expect(v2.body).toMatchObject({ instance: '/api/client/v2/widgets/9', detail: 'No widget has the id "9".' });
    });
  });

  describe('sub-apps mounted with app.use(path, subApp)', () => {
    function withSubApps() {
      const admin = express();
      admin.get('/users', (_req, res) => res.json([{ name: 'root' }]));
      const audit = express();
      audit.delete('/entries/:id', (_req, res) => res.sendStatus(204));
      admin.use('/audit', audit);
      admin.get('/locals', (_req, res, next) => {
        res.locals.user = 'root';
        next();
      });
      admin.get('/locals', (_req, res) => res.json({ user: res.locals.user, replaced: (res.locals = { fresh: true }) && res.locals }));
      return appWith((app) => {
        app.use('/admin', admin);
        app.get('/after', (_req, res) => res.send('after'));
      });
    }

    it('a wrong method under a sub-app is 405 with the sub-app’s Allow', async () => {
      const res = await request(withSubApps()).post('/admin/users').set(JSON_ACCEPT);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.body).toMatchObject({ code: 'method_not_allowed', instance: '/admin/users' });
    });

    it('and under a sub-app of a sub-app', async () => {
      const res = await request(withSubApps()).get('/admin/audit/entries/7').set(JSON_ACCEPT);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('DELETE');
    });

    it('a path no app has is still 404, and the sub-app’s own answers and res.locals are untouched', async () => {
      const app = withSubApps();
      expect((await request(app).post('/admin/nothing').set(JSON_ACCEPT)).status).toBe(404);
      expect((await request(app).get('/admin/users')).body).toEqual([{ name: 'root' }]);
      expect((await request(app).get('/after')).text).toBe('after');
      expect((await request(app).get('/admin/locals')).body).toEqual({ user: 'root', replaced: { fresh: true } });
    });

    it('an app that mounts no app keeps res.locals a plain property', async () => {
      const app = appWith((a) => a.get('/own', (_req, res) => res.json(Object.getOwnPropertyDescriptor(res, 'locals')?.get === undefined)));
      expect((await request(app).get('/own')).body).toBe(true);
    });
  });

  describe('scope and do no harm', () => {
    function scopedApp(onError: (error: unknown) => void = () => {}) {
      const app = express();
      const errors = errorContract({ onError: (error) => onError(error) });
      const api = express.Router();
      api.get('/widgets', (_req, res) => res.json([]));
      api.get('/forbidden', (_req, res) => res.sendStatus(403));
      api.get('/fail', () => {
        throw new Error('db down');
      });
      app.use('/api', errors.guard());
      app.use('/api', api);
      app.use('/api', errors.fallback());
      app.use('/api', errors.handler());
      app.get('/page', (_req, res) => res.type('html').send('<p>page</p>'));
      app.get('/forbidden-page', (_req, res) => res.sendStatus(403));
      app.get('/broken-page', () => {
        throw new Error('template missing');
      });
      return app;
    }

    it('inside the mount point: 404, 405, bare statuses and throws are in the contract', async () => {
      const app = scopedApp();
      expect((await request(app).get('/api/nothing')).body).toMatchObject({ status: 404, instance: '/api/nothing' });
      expect((await request(app).put('/api/widgets')).body).toMatchObject({ status: 405 });
      expect((await request(app).get('/api/forbidden')).body).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await request(app).get('/api/fail')).body).toMatchObject({ status: 500 });
    });

    it("outside it, Express's own answers: its 404 page, its sendStatus text, its 500 page", async () => {
      const app = scopedApp();
      const missing = await request(app).get('/nothing');
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/html/);
      const forbidden = await request(app).get('/forbidden-page');
      expect(forbidden.text).toBe('Forbidden');
      const broken = await request(app).get('/broken-page');
      expect(broken.status).toBe(500);
      expect(broken.headers['content-type']).toMatch(/^text\/html/);
    });

    it('no shared prototype is patched: after /api requests, another app and paths outside keep sendStatus as Express sends it', async () => {
      const app = scopedApp();
      await request(app).get('/api/forbidden');
      expect((await request(app).get('/forbidden-page')).text).toBe('Forbidden');
      const other = express();
      other.get('/x', (_req, res) => res.sendStatus(403));
      expect((await request(other).get('/x')).text).toBe('Forbidden');
      expect(Object.hasOwn(express.response, 'end')).toBe(false);
    });

    it('a HEAD that fails is answered once and logged once, with no body', async () => {
      const logged: unknown[] = [];
      const app = scopedApp((error) => logged.push(error));
      const res = await request(app).head('/api/fail');
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.text ?? '').toBe('');
      expect(logged).toHaveLength(1);
    });

    it("OPTIONS on a path with routes is Express's automatic answer (200, Allow); on no path, 404 in the contract", async () => {
      const app = scopedApp();
      const options = await request(app).options('/api/widgets');
      expect(options.status).toBe(200);
      expect(options.headers.allow).toContain('GET');
      const missing = await request(app).options('/api/nothing');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'not_found' });
    });

    it('fallback({ answerOptions: true }): OPTIONS on a path with routes is 405 with Allow, in the contract', async () => {
      const app = express();
      const errors = errorContract({ onError: () => {} });
      app.get('/widgets', (_req, res) => res.json([]));
      app.use(errors.fallback({ answerOptions: true }));
      const res = await request(app).options('/widgets');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.body).toMatchObject({ code: 'method_not_allowed', status: 405 });
      expect(() => errors.fallback({ answerOptions: 'yes' as never })).toThrow(TypeError);
    });

    it('a 416 keeps Content-Range (RFC 9110 section 15.5.17)', async () => {
      const app = appWith((a) =>
        a.get('/file', (_req, res, next) => {
          res.setHeader('Content-Range', 'bytes */1234');
          next(createError(416));
        }),
      );
      const res = await request(app).get('/file');
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1234');
      expect(res.body).toMatchObject({ status: 416 });
    });

    it('headers set by earlier middleware (helmet-like, CORS, Vary) are on every error and refusal', async () => {
      const app = express();
      const errors = errorContract({ onError: () => {}, accept: 'strict' });
      app.use((_req, res, next) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Access-Control-Allow-Origin', 'https://app.example');
        res.setHeader('Vary', 'Origin');
        next();
      });
      app.use(errors.guard());
      app.get('/fail', () => {
        throw new Error('x');
      });
      app.use(errors.fallback());
      app.use(errors.handler());
      for (const res of [await request(app).get('/fail').set(JSON_ACCEPT), await request(app).get('/none').set(JSON_ACCEPT), await request(app).get('/fail')]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
        expect(res.headers.vary).toBe('Origin');
      }
    });

    it('an absolute-form target routes and reports its path (RFC 9112 section 3.2.2)', async () => {
      const app = scopedApp();
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as { port: number };
      const { request: raw } = await import('node:http');
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = raw({ host: '127.0.0.1', port, method: 'PUT', path: `http://127.0.0.1:${port}/api/widgets` }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      server.close();
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.body)).toMatchObject({ instance: '/api/widgets' });
    });
  });
  describe('observability: the error is left on res.err for pino-http', () => {
    function seen() {
      const errs: unknown[] = [];
      const app = express();
      // where pino-http reads it: once the response has finished
      app.use((_req, res, next) => {
        res.on('finish', () => errs.push((res as typeof res & { err?: unknown }).err));
        next();
      });
      const errors = errorContract({ onError: () => {} });
      app.use(errors.guard());
      app.get('/bug', () => {
        throw failure;
      });
      app.get('/missing', () => {
        throw createError(404, 'No widget');
      });
      app.use(errors.fallback());
      app.use(errors.handler());
      return { app, errs };
    }
    const failure = new Error('db down');

    it('a 5xx: res.err is the original error', async () => {
      const { app, errs } = seen();
      await request(app).get('/bug').set(JSON_ACCEPT).expect(500);
      expect(errs).toEqual([failure]);
    });

    it('a 4xx and a route miss: nothing on res.err', async () => {
      const { app, errs } = seen();
      await request(app).get('/missing').set(JSON_ACCEPT).expect(404);
      await request(app).get('/nowhere').set(JSON_ACCEPT).expect(404);
      expect(errs).toEqual([undefined, undefined]);
    });
  });
});
