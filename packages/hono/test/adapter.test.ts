import { sValidator } from '@hono/standard-validator';
import { zValidator } from '@hono/zod-validator';
import { notFound as notFoundError } from '@error-contract/core';
import { Hono } from 'hono';
import { basicAuth } from 'hono/basic-auth';
import { bearerAuth } from 'hono/bearer-auth';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { validator } from 'hono/validator';
import { rateLimiter } from 'hono-rate-limiter';
import createError from 'http-errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorContract } from '../src/index.js';

const JSON_ACCEPT = { accept: 'application/json' };

/** An app with onError and notFound installed; `via` picks how the rest is wired. */
function appWith(setup: (app: Hono, errors: ReturnType<typeof errorContract>) => void, via: 'fetch' | 'middleware' = 'fetch', options: Parameters<typeof errorContract>[1] = {}) {
  const app = new Hono();
  const errors = errorContract(app, { onError: () => {}, ...options });
  if (via === 'middleware') app.use(errors.middleware);
  app.onError(errors.onError);
  app.notFound(errors.notFound);
  setup(app, errors);
  const fetch = via === 'fetch' ? errors.fetch : (request: Request) => app.fetch(request);
  return {
    errors,
    request: (path: string, init: RequestInit = {}) =>
      fetch(new Request(`http://localhost${path}`, { ...init, headers: { ...JSON_ACCEPT, ...(init.headers as Record<string, string>) } })),
  };
}

describe.each(['fetch', 'middleware'] as const)('wired through errors.%s', (via) => {
  describe('before routing: the default refuses nothing', () => {
    const { request } = appWith((app) => app.get('/page', (c) => c.html('<p>page</p>')), via);

    it.each(['', 'text/html', 'image/png'])('Accept %j reaches the route', async (accept) => {
      const res = await request('/page', { headers: { accept } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<p>page</p>');
    });
  });

  describe("before routing with accept: 'strict' and rejectMalformedPath", () => {
    const { request } = appWith((app) => app.get('/widgets', (c) => c.json([])), via, { accept: 'strict', rejectMalformedPath: true });

    it('missing Accept is 406', async () => {
      const res = await request('/widgets', { headers: { accept: '' } });
      expect(res.status).toBe(406);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toMatchObject({ code: 'not_acceptable', instance: '/widgets' });
    });

    it('Accept: text/html is 406', async () => {
      expect((await request('/widgets', { headers: { accept: 'text/html' } })).status).toBe(406);
    });

    it('a path that does not decode is 400', async () => {
      const res = await request('/widgets/%E0%A4%A');
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('bad_request');
    });

    it('JSON passes', async () => {
      expect(await (await request('/widgets')).json()).toEqual([]);
    });
  });

  describe('thrown values no onError sees', () => {
    const { request } = appWith((app) => {
      app.get('/string', () => {
        throw 'a string';
      });
      app.get('/null', () => {
        throw null;
      });
    }, via);

    it.each(['/string', '/null'])('%s is a 500 in the contract (Hono rethrows non-Errors past onError)', async (path) => {
      const res = await request(path);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'internal_server_error' });
    });
  });

  describe('bare responses', () => {
    const { request } = appWith((app) => {
      app.use('/limited', bodyLimit({ maxSize: 10 }));
      app.post('/limited', (c) => c.json({ ok: true }));
      app.get('/bare', (c) => c.body(null, 403));
      app.get('/bare-json-type', (c) => c.body(null, 401, { 'content-type': 'application/json' }));
      app.get('/own-json', (c) => c.json({ mine: true }, 404));
      app.get('/own-text', (c) => c.text('Widget 9 was melted down', 410));
    }, via);

    it('c.body(null, 403) gets the contract body', async () => {
      const res = await request('/bare');
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ status: 403, code: 'forbidden', instance: '/bare' });
    });

    it('an empty body typed as JSON is bare too (the same rule as in Express)', async () => {
      const res = await request('/bare-json-type');
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: 401, code: 'unauthorized' });
    });

    it("bodyLimit's 413", async () => {
      const res = await request('/limited', { method: 'POST', body: JSON.stringify({ name: 'x'.repeat(100) }), headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
    });

    it("a route's own JSON or text error body is left alone", async () => {
      expect(await (await request('/own-json')).json()).toEqual({ mine: true });
      expect(await (await request('/own-text')).text()).toBe('Widget 9 was melted down');
    });
  });

  describe('validators given no hook: app-wide, their own 400 becomes the contract’s field errors', () => {
    const schema = z.object({ name: z.string().min(1), price: z.number().min(0).optional() }).strict();
    const { request } = appWith((app) => {
      app.use('*', cors({ origin: 'https://app.example.com' }));
      app.post('/zod', zValidator('json', schema), (c) => c.json(c.req.valid('json'), 201));
      app.post('/standard', sValidator('json', schema), (c) => c.json(c.req.valid('json'), 201));
      app.get('/query', zValidator('query', z.object({ page: z.coerce.number().int() })), (c) => c.json([]));
      app.post('/own-400', (c) => c.json({ success: false, message: 'try again' }, 400));
      app.post('/own-issues', (c) => c.json({ success: false, error: [{ code: 'x' }] }, 400));
    }, via);
    const post = (path: string, body: string) =>
      request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', origin: 'https://app.example.com' } });

    it.each(['/zod', '/standard'])('%s: 400 validation_failed, one problem per field, CORS kept, nothing echoed', async (path) => {
      const res = await post(path, '{"name":"","price":-1,"colour":"red-secret"}');
      expect(res.status).toBe(400);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const text = await res.text();
      expect(text).not.toContain('red-secret');
      const body = JSON.parse(text);
      expect(body).toMatchObject({ status: 400, code: 'validation_failed', instance: path });
      expect(body.errors.map((entry: { field: string }) => entry.field).sort()).toEqual(['colour', 'name', 'price']);
    });

    it('a query validator too', async () => {
      const res = await request('/query?page=abc');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'page' }] });
    });

    it('valid input passes; an app’s own 400 bodies of other shapes are left alone', async () => {
      expect((await post('/zod', '{"name":"Cog"}')).status).toBe(201);
      expect(await (await post('/own-400', '{}')).json()).toEqual({ success: false, message: 'try again' });
      expect(await (await post('/own-issues', '{}')).json()).toEqual({ success: false, error: [{ code: 'x' }] });
    });
  });
});

describe('onError', () => {
  const { request } = appWith((app) => {
    app.use('/bearer/*', bearerAuth({ token: 'secret-token', realm: 'widgets' }));
    app.get('/bearer/widgets', (c) => c.json([]));
    app.use('/basic/*', basicAuth({ username: 'u', password: 'p' }));
    app.get('/basic/widgets', (c) => c.json([]));
    app.get('/bug', () => {
      throw new Error('connection to db-7 failed: password=hunter2');
    });
    app.get('/http-exception', () => {
      throw new HTTPException(409, { message: 'Widget is locked' });
    });
    app.get('/http-exception-res', () => {
      throw new HTTPException(401, { res: new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="widgets"' } }) });
    });
    app.get('/http-errors', () => {
      throw createError(422, 'Widget is incomplete', { code: 'widget_incomplete' });
    });
    app.post('/json', async (c) => c.json(await c.req.json()));
    app.use('/cors/*', cors({ origin: 'https://app.example' }));
    app.get('/cors/widgets/:id', (c) => {
      c.header('Content-Encoding', 'gzip');
      throw notFoundError(`No widget has the id ${JSON.stringify(c.req.param('id'))}.`);
    });
  });

  it('a bug is 500 with nothing leaked', async () => {
    const res = await request('/bug');
    expect(res.status).toBe(500);
    expect(await res.text()).not.toMatch(/db-7|hunter2|password/);
  });

  it('HTTPException keeps status and message', async () => {
    const res = await request('/http-exception');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'conflict', detail: 'Widget is locked' });
  });

  it("HTTPException with a custom res keeps the res's WWW-Authenticate, not its body", async () => {
    const res = await request('/http-exception-res');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="widgets"');
    expect(await res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it("bearerAuth's 401 keeps its challenge", async () => {
    const res = await request('/bearer/widgets');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="widgets"/);
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it("basicAuth's 401 keeps its challenge", async () => {
    const res = await request('/basic/widgets');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
  });

  it('http-errors keep their code', async () => {
    expect(await (await request('/http-errors')).json()).toMatchObject({ status: 422, code: 'widget_incomplete' });
  });

  it("a SyntaxError from c.req.json() is 400 (Hono's own answer is 500)", async () => {
    const res = await request('/json', { method: 'POST', body: '{"password":"hunter2",', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'bad_request', detail: 'The request body is not valid JSON.' });
    expect(text).not.toContain('hunter2');
  });

  it('CORS headers set before the error stay; the abandoned body’s go', async () => {
    const res = await request('/cors/widgets/9', { headers: { origin: 'https://app.example' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toMatchObject({ detail: 'No widget has the id "9".' });
  });
});

describe.each(['fetch', 'middleware'] as const)('headers a middleware set before the response existed (errors.%s)', (via) => {
  // The contract makes its response directly when the context holds no headers (a plain-object
  // response @hono/node-server writes without a Headers object); when it holds some, through the
  // context, so they stay. Both ways give the same status, headers and body.
  const { request } = appWith((app, errors) => {
    app.use('/tagged/*', async (c, next) => {
      c.header('x-request-id', 'req-1');
      await next();
    });
    for (const prefix of ['/tagged', '/plain']) {
      app.get(`${prefix}/widgets`, (c) => c.json([]));
      app.get(`${prefix}/bug`, () => {
        throw new Error('db-7 is down');
      });
      app.post(`${prefix}/validated`, zValidator('json', z.object({ name: z.string() }), errors.validationHook), (c) => c.json({}, 201));
    }
  }, via);
  const cases: [string, string, number][] = [
    ['an unknown path', 'GET /{p}/nothing', 404],
    ['a wrong method', 'PUT /{p}/widgets', 405],
    ['a thrown error', 'GET /{p}/bug', 500],
    ['a validation hook', 'POST /{p}/validated', 400],
  ];

  it.each(cases)('%s keeps them, and answers as without them', async (_name, line, status) => {
    const [method, path] = line.split(' ') as [string, string];
    const init = { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) };
    const tagged = await request(path.replace('{p}', 'tagged'), init);
    const plain = await request(path.replace('{p}', 'plain'), init);
    expect(tagged.status).toBe(status);
    expect(plain.status).toBe(status);
    expect(tagged.headers.get('x-request-id')).toBe('req-1');
    expect(plain.headers.get('x-request-id')).toBeNull();
    for (const name of ['content-type', 'cache-control', 'allow']) expect(plain.headers.get(name), name).toBe(tagged.headers.get(name));
    const [taggedBody, plainBody] = [await tagged.json(), await plain.json()];
    expect({ ...plainBody, instance: undefined }).toEqual({ ...taggedBody, instance: undefined });
  });
});

describe('405 from a trie of the routes (flat with 1,000 routes), agreeing with Hono’s routing', () => {
  const { request } = appWith((app) => {
    for (let index = 0; index < 1000; index++) {
      app.get(`/r${index}/widgets/:id`, (c) => c.json({}));
      app.post(`/r${index}/widgets/:id`, (c) => c.json({}, 201));
    }
    app.put('/numbers/:id{[0-9]+}', (c) => c.json({}));
    app.patch('/optional/:id?', (c) => c.json({}));
    app.delete('/files/*', (c) => c.json({}));
    app.all('/everything', (c) => c.json({}));
    app.use('/r5/*', async (_c, next) => next());
    const sub = new Hono();
    sub.get('/items', (c) => c.json([]));
    app.route('/sub', sub);
  });

  it.each([
    ['PUT', '/r999/widgets/7', 405, 'GET, HEAD, POST'],
    ['DELETE', '/r5/widgets/7', 405, 'GET, HEAD, POST'],
    ['GET', '/numbers/42', 405, 'PUT'],
    ['GET', '/numbers/abc', 404, null],
    ['GET', '/optional', 405, 'PATCH'],
    ['GET', '/optional/3', 405, 'PATCH'],
    ['GET', '/files/a/b/c.txt', 405, 'DELETE'],
    ['POST', '/sub/items', 405, 'GET, HEAD'],
    ['GET', '/everything/else', 404, null],
    ['GET', '/r1000/widgets/7', 404, null],
  ])('%s %s is %i', async (method, path, status, allow) => {
    const res = await request(path, { method });
    expect(res.status).toBe(status);
    expect(res.headers.get('allow')).toBe(allow);
  });
});

describe('notFound: 404 and 405 from the routes', () => {
  const { request } = appWith((app) => {
    app.get('/widgets', (c) => c.json([]));
    app.post('/widgets', (c) => c.json({}, 201));
    app.get('/widgets/:id', (c) => c.json({}));
    app.delete('/widgets/:id', (c) => c.body(null, 204));
    const parts = new Hono();
    parts.get('/:partId', (c) => c.json({}));
    parts.put('/:partId', (c) => c.json({}));
    app.route('/api/v1/widgets/:id/parts', parts);
    const v2 = app.basePath('/api/v2');
    v2.patch('/settings', (c) => c.json({}));
    app.all('/guarded', async (_c, next) => next());
    app.get('/guarded', (c) => c.json({}));
    app.get('/ping', (c) => c.json({ pong: true }));
    app.all('/any', (c) => c.json({ any: true }));
  });

  it('an unknown path is 404', async () => {
    const res = await request('/nothing?x=1');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', instance: '/nothing' });
  });

  it.each([
    ['PUT', '/widgets', 'GET, HEAD, POST'],
    ['PATCH', '/widgets/7', 'GET, HEAD, DELETE'],
    ['DELETE', '/api/v1/widgets/7/parts/3', 'GET, HEAD, PUT'],
    ['GET', '/api/v2/settings', 'PATCH'],
    ['POST', '/guarded', 'GET, HEAD'],
    ['PROPFIND', '/widgets', 'GET, HEAD, POST'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const res = await request(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(await res.json()).toMatchObject({ code: 'method_not_allowed', instance: path });
  });

  it('app.all serves every method', async () => {
    expect((await request('/any', { method: 'DELETE' })).status).toBe(200);
  });

  it('HEAD of an unknown path is 404 with no body', async () => {
    const res = await request('/nothing', { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-type')).toBe('application/json');
  });

  it('HEAD where GET exists is served', async () => {
    expect((await request('/ping', { method: 'HEAD' })).status).toBe(200);
  });
});

describe('headers an app sets where no route matched', () => {
  it('a notFound that sets a header and hands over to ours keeps it', async () => {
    const app = new Hono();
    const errors = errorContract(app, { onError: () => {} });
    app.notFound((c) => {
      c.header('access-control-allow-origin', '*');
      return errors.notFound(c);
    });
    const res = await errors.fetch(new Request('http://localhost/nothing', { headers: JSON_ACCEPT }));
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a notFound that sets a header and then throws keeps it on the 500', async () => {
    const app = new Hono();
    const errors = errorContract(app, { onError: () => {} });
    app.onError(errors.onError);
    app.notFound((c) => {
      c.header('x-request-id', 'req-9');
      throw new Error('the not-found page is broken');
    });
    const res = await errors.fetch(new Request('http://localhost/nothing', { headers: JSON_ACCEPT }));
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('req-9');
  });
});

describe('route misses handed to onError', () => {
  it('each request’s problem is its own, so a hook may tag it', async () => {
    const seen: object[] = [];
    const app = new Hono();
    const errors = errorContract(app, {
      onError: (error) => {
        (error as { requestId?: string }).requestId = 'tagged';
        seen.push(error as object);
      },
    });
    app.notFound(errors.notFound);
    app.get('/widgets', (c) => c.json([]));
    for (let round = 0; round < 2; round++) expect((await errors.fetch(new Request('http://localhost/widgets', { method: 'PUT', headers: JSON_ACCEPT }))).status).toBe(405);
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen.every((error) => (error as { requestId?: string }).requestId === 'tagged')).toBe(true);
  });
});

describe("Hono's own method-not-allowed middleware", () => {
  it('its text 405 gets the contract body and keeps Allow', async () => {
    const app = new Hono();
    const errors = errorContract(app, { onError: () => {} });
    app.use(methodNotAllowed({ app }));
    app.get('/hello', (c) => c.text('Hello!'));
    const res = await errors.fetch(new Request('http://localhost/hello', { method: 'PUT', headers: JSON_ACCEPT }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('validators', () => {
  const schema = z.object({ name: z.string().min(1), price: z.number().min(0).optional() }).strict();
  const { request } = appWith((app) => {
    const errors = errorContract(app, { onError: () => {} });
    app.post('/zod', zValidator('json', schema, errors.validationHook), (c) => c.json(c.req.valid('json'), 201));
    app.post('/standard', sValidator('json', schema, errors.validationHook), (c) => c.json(c.req.valid('json'), 201));
    app.post(
      '/plain',
      validator('json', (value) => {
        // Throwing the validator's own error is enough: core reads its issues.
        return schema.parse(value);
      }),
      (c) => c.json(c.req.valid('json'), 201),
    );
  });

  it.each(['/zod', '/standard', '/plain'])('%s: 400 validation_failed with one problem per field', async (path) => {
    const res = await request(path, { method: 'POST', body: '{"name":"","price":-1,"colour":"red"}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors.map((entry: { field: string }) => entry.field).sort()).toEqual(['colour', 'name', 'price']);
  });

  it('malformed JSON through a validator is 400', async () => {
    const res = await request('/zod', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('bad_request');
  });

  it('a valid body passes', async () => {
    expect((await request('/zod', { method: 'POST', body: '{"name":"Cog"}', headers: { 'content-type': 'application/json' } })).status).toBe(201);
  });
});

describe('hono-rate-limiter', () => {
  it('the ready handler answers 429 with Retry-After and keeps RateLimit headers', async () => {
    const app = new Hono();
    const errors = errorContract(app, { onError: () => {} });
    app.use(rateLimiter({ windowMs: 60_000, limit: 1, standardHeaders: 'draft-7', keyGenerator: () => 'client', handler: errors.rateLimitHandler }));
    app.get('/', (c) => c.json([]));
    expect((await errors.fetch(new Request('http://localhost/', { headers: JSON_ACCEPT }))).status).toBe(200);
    const res = await errors.fetch(new Request('http://localhost/', { headers: JSON_ACCEPT }));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit')).toContain('remaining=0');
    expect(await res.json()).toMatchObject({ code: 'too_many_requests' });
  });
});

describe('errors.fetch on @hono/node-server', () => {
  it("reads Accept from env.incoming's Node headers when they are there", async () => {
    const app = new Hono();
    const errors = errorContract(app, { onError: () => {}, accept: 'json' });
    app.get('/widgets', (c) => c.json([]));
    const request = new Request('http://localhost/widgets', { headers: JSON_ACCEPT });
    expect((await errors.fetch(request, { incoming: { headers: { accept: 'text/html' } } })).status).toBe(406);
    expect((await errors.fetch(request, { incoming: { headers: { accept: 'application/json' } } })).status).toBe(200);
    expect((await errors.fetch(request, {})).status).toBe(200);
  });

  it('a synchronous answer from Hono stays synchronous', () => {
    const app = new Hono();
    const errors = errorContract(app, { onError: () => {} });
    app.get('/widgets', (c) => c.json([]));
    expect(errors.fetch(new Request('http://localhost/widgets', { headers: JSON_ACCEPT }))).toBeInstanceOf(Response);
  });
});

describe('options', () => {
  it('the app comes first: anything else is a TypeError', () => {
    expect(() => errorContract({} as never)).toThrow(TypeError);
  });

  it('compact shape for v1 through the contract options', async () => {
    const { request } = appWith(
      (app) => app.get('/api/client/v1/widgets/:id', (c) => { throw notFoundError(`No widget has the id "${c.req.param('id')}".`); }),
      'fetch',
      { shape: (r) => (r.path.startsWith('/api/client/v1/') ? 'compact' : 'detailed') },
    );
    expect(await (await request('/api/client/v1/widgets/9')).json()).toEqual({ errors: [{ code: 'not_found', message: 'No widget has the id "9".' }] });
  });
});

describe('setups a Hono user expects', () => {
  function installed(options: Parameters<typeof errorContract>[1] = {}) {
    const logged: unknown[] = [];
    const app = new Hono();
    const errors = errorContract(app, { onError: (error) => logged.push(error), ...options });
    app.use(errors.middleware);
    app.onError(errors.onError);
    app.notFound(errors.notFound);
    return { app, errors, logged };
  }

  it('app.request() in the app’s own tests goes through the contract (export default app)', async () => {
    const { app } = installed();
    app.get('/widgets', (c) => c.json([]));
    const res = await app.request('/widgets', { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toMatchObject({ code: 'method_not_allowed' });
  });

  it('an app that answers an error itself after ours (reading c.error) keeps its own headers, not ours', async () => {
    const { app } = installed();
    class Legacy extends Error {}
    app.use(async (c, next) => {
      await next();
      if (c.error instanceof Legacy) c.res = c.json({ legacy: true }, 422);
    });
    app.get('/legacy', (c) => {
      c.header('x-trace', 't-1');
      throw new Legacy('kept by the app');
    });
    app.get('/plain', () => {
      throw new Legacy('kept by the app');
    });
    const own = await app.request('/legacy');
    expect(own.status).toBe(422);
    expect(own.headers.get('x-trace')).toBe('t-1');
    expect(own.headers.get('cache-control')).toBeNull();
    const plain = await app.request('/plain');
    expect(plain.status).toBe(422);
    expect(plain.headers.get('cache-control')).toBeNull();
    expect(await plain.json()).toEqual({ legacy: true });
  });

  it("scope: outside it, Hono's own 404 and 500; inside, the contract", async () => {
    const { app } = installed({ scope: '/api' });
    app.get('/api/fail', () => {
      throw new Error('db down');
    });
    app.get('/page-fail', () => {
      throw new Error('template missing');
    });
    const missing = await app.request('/nothing');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('404 Not Found');
    const pageFail = await app.request('/page-fail');
    expect(await pageFail.text()).toBe('Internal Server Error');
    expect((await (await app.request('/api/nothing')).json()).code).toBe('not_found');
    expect((await (await app.request('/api/fail')).json()).code).toBe('internal_server_error');
  });

  it('a HEAD that fails is answered with no body and logged once, through the middleware and through fetch', async () => {
    for (const via of ['middleware', 'fetch'] as const) {
      const { app, errors, logged } = installed();
      app.get('/fail', () => {
        throw new Error('db down');
      });
      const request = new Request('http://localhost/fail', { method: 'HEAD' });
      const res = await (via === 'fetch' ? errors.fetch(request) : app.fetch(request));
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.text()).toBe('');
      expect(logged, via).toHaveLength(1);
    }
  });

  it('a handler that returns a string, under a middleware that sets a header after next(), is one 500 and one log line', async () => {
    const { app, logged } = installed();
    app.use('*', async (c, next) => {
      await next();
      c.header('x-response-time', '1ms');
    });
    app.get('/type-error', (() => 'not a Response') as never);
    for (const method of ['GET', 'HEAD']) {
      logged.length = 0;
      const res = await app.request('/type-error', { method });
      expect(res.status).toBe(500);
      expect(logged).toHaveLength(1);
    }
  });

  it('HEAD of an app’s own text 404 is left as its GET is (the body is still there to judge)', async () => {
    const { app } = installed();
    app.get('/api/*', (c) => c.text('API endpoint is not found', 404));
    const get = await app.request('/api/nothing');
    const head = await app.request('/api/nothing', { method: 'HEAD' });
    expect(await get.text()).toBe('API endpoint is not found');
    expect(head.status).toBe(404);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('cache-control')).toBeNull();
  });

  it('a handler that returns no Response is one failure and one log line', async () => {
    const { app, logged } = installed();
    app.get('/forgot', (() => undefined) as never);
    const res = await app.request('/forgot');
    expect(res.status).toBe(500);
    expect(logged).toHaveLength(1);
  });

  it('a streamed error body is passed on as it streams, not read to its end first', async () => {
    const { app } = installed();
    let release: () => void = () => {};
    const finished = new Promise<void>((resolve) => (release = resolve));
    app.get('/stream', () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('first part of a long error\n'));
          await finished;
          controller.close();
        },
      });
      return new Response(body, { status: 500, headers: { 'content-type': 'text/plain' } });
    });
    const res = await Promise.race([app.request('/stream'), new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 1000))]);
    expect(res).not.toBe('hung');
    const reader = (res as Response).body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('first part');
    release();
    await reader.cancel();
  });

  it('with strict: false, a trailing slash routes as Hono routes it: 405, not 404', async () => {
    const app = new Hono({ strict: false });
    const errors = errorContract(app, { onError: () => {} });
    app.use(errors.middleware);
    app.onError(errors.onError);
    app.notFound(errors.notFound);
    app.get('/widgets', (c) => c.json([]));
    expect((await app.request('/widgets/', { method: 'GET' })).status).toBe(200);
    expect((await app.request('/widgets/', { method: 'PUT' })).status).toBe(405);
  });

  it('a reason phrase that arrives in two small chunks is still read as bare', async () => {
    const { app } = installed();
    app.get('/chunked', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('Forb'));
          controller.enqueue(new TextEncoder().encode('idden'));
          controller.close();
        },
      });
      return new Response(body, { status: 403, headers: { 'content-type': 'text/plain' } });
    });
    const res = await app.request('/chunked');
    expect(await res.json()).toMatchObject({ status: 403, code: 'forbidden' });
  });
});
