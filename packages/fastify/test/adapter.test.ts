import { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import createFastifyError from '@fastify/error';
import { createErrorContract, notFound, unauthorized } from '@error-contract/core';
import createHttpError from 'http-errors';
import { describe, expect, it } from 'vitest';
import { errorContract, frameworkErrors, rateLimitError, routeMissOf, sendResponse } from '../src/index.js';
import { fastifies, type FastifyMajor } from './frameworks.js';

const JSON_ACCEPT = { accept: 'application/json' };
const TYPE_BASE = 'https://docs.example.com/errors/';
const SECRET = 'password=hunter2';

describe.each(fastifies)('%s', (_name, versions: FastifyMajor) => {
  /** An app with the plugin registered first and `routes` after it. */
  async function appWith(routes: (app: any) => void | Promise<void>, options: Record<string, unknown> = {}, serverOptions: Record<string, unknown> = {}) {
    const app = versions.fastify(serverOptions);
    await app.register(errorContract, { typeBaseUrl: TYPE_BASE, ...options });
    await routes(app);
    await app.ready();
    return app;
  }

  const inject = (app: any, method: string, url: string, headers: Record<string, string> = JSON_ACCEPT, payload?: string) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  // An undecodable path never reaches a hook: Fastify's router refuses it first (see frameworkErrors).
  describe('refusals before routing', () => {
    it('the default refuses nothing: any Accept reaches the route', async () => {
      const app = await appWith((a) => a.get('/page', async (_request: unknown, reply: any) => reply.type('text/html').send('<h1>hi</h1>')));
      for (const accept of [undefined, 'text/html', 'image/png']) {
        const res = await inject(app, 'GET', '/page', accept === undefined ? {} : { accept });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe('<h1>hi</h1>');
      }
    });

    it('adds an onRequest hook only when a check before routing is on (issue 43)', async () => {
      const hooksAdded = async (options: Record<string, unknown>) => {
        const app = versions.fastify();
        const added: string[] = [];
        const addHook = app.addHook.bind(app);
        app.addHook = ((name: string, ...rest: unknown[]) => {
          added.push(name);
          return (addHook as (...args: unknown[]) => unknown)(name, ...rest);
        }) as typeof app.addHook;
        await app.register(errorContract, options);
        await app.ready();
        return added;
      };
      expect(await hooksAdded({})).not.toContain('onRequest');
      expect(await hooksAdded({ accept: 'any', rejectMalformedPath: false })).not.toContain('onRequest');
      expect(await hooksAdded({ accept: 'json' })).toContain('onRequest');
      expect(await hooksAdded({ accept: 'strict' })).toContain('onRequest');
      expect(await hooksAdded({ rejectMalformedPath: true })).toContain('onRequest');
      expect(await hooksAdded({ contract: createErrorContract({ accept: 'strict' }) })).toContain('onRequest');
      expect(await hooksAdded({ accept: 'strict', checkRequest: false })).not.toContain('onRequest');
    });

    it("accept: 'strict' answers 406 before routing, for a missing path too", async () => {
      const app = await appWith((a) => a.get('/widgets', async () => []), { accept: 'strict' });
      const res = await inject(app, 'GET', '/nowhere', {});
      expect(res.statusCode).toBe(406);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toMatchObject({ status: 406, code: 'not_acceptable', instance: '/nowhere' });
      expect((await inject(app, 'GET', '/widgets', { accept: 'text/html' })).statusCode).toBe(406);
      expect((await inject(app, 'GET', '/widgets')).statusCode).toBe(200);
    });

    it("frameworkErrors: what Fastify's router refuses (an undecodable or over-long parameter) is in the contract", async () => {
      const contract = createErrorContract({ typeBaseUrl: TYPE_BASE, onError: () => {} });
      const app = versions.fastify({ frameworkErrors: frameworkErrors(contract), maxParamLength: 20 });
      await app.register(errorContract, { contract });
      app.get('/widgets/:id', async () => ({}));
      await app.ready();
      const bad = await inject(app, 'GET', '/widgets/%E0%A4%A');
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['cache-control']).toBe('no-store');
      expect(bad.json()).toEqual({ type: `${TYPE_BASE}bad_request`, title: 'Bad Request', status: 400, detail: 'The request path is not validly percent-encoded.', instance: '/widgets/%E0%A4%A', code: 'bad_request' });
      // Fastify 5 refuses an over-long parameter with 414; Fastify 4 routes it nowhere, a 404
      const long = await inject(app, 'GET', `/widgets/${'x'.repeat(40)}`);
      if (versions.major === 5) expect(long.json()).toMatchObject({ status: 414, code: 'uri_too_long', detail: 'A path parameter is longer than this service accepts.' });
      else expect(long.json()).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('frameworkErrors: the contract\'s own checks come first (no Accept on a malformed path is 406)', async () => {
      const contract = createErrorContract({ accept: 'strict', onError: () => {} });
      const app = versions.fastify({ frameworkErrors: frameworkErrors(contract) });
      await app.register(errorContract, { contract });
      app.get('/widgets/:id', async () => ({}));
      await app.ready();
      expect((await inject(app, 'GET', '/widgets/%ZZ', {})).json()).toMatchObject({ status: 406, code: 'not_acceptable' });
      expect((await inject(app, 'GET', '/widgets/%ZZ')).json()).toMatchObject({ status: 400, code: 'bad_request' });
    });

    it("frameworkErrors outside the contract's scope: Fastify's own answer", async () => {
      const app = versions.fastify({ frameworkErrors: frameworkErrors({ scope: '/api' }) });
      app.get('/widgets/:id', async () => ({}));
      await app.ready();
      const bad = await inject(app, 'GET', '/widgets/%E0%A4%A');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'Bad Request', code: 'FST_ERR_BAD_URL', statusCode: 400 });
    });

    it('checkRequest: false lets any Accept through', async () => {
      const app = await appWith((a) => a.get('/x', async () => ({ ok: true })), { accept: 'strict', checkRequest: false });
      expect((await inject(app, 'GET', '/x', { accept: 'text/html' })).statusCode).toBe(200);
    });

    it.each([
      ['checkRequest', 'yes'],
      ['bareStatuses', 1],
      ['notFound', null],
    ])('a wrong %s is a TypeError at registration', async (name, value) => {
      const app = versions.fastify();
      await expect(app.register(errorContract, { [name]: value }).ready()).rejects.toThrow(TypeError);
    });

    it('a misspelt key is a TypeError naming the nearest one, with a contract given or not', async () => {
      await expect(versions.fastify().register(errorContract, { contract: createErrorContract(), notfound: false } as never).ready()).rejects.toThrow(
        '@error-contract/fastify has no option `notfound`; did you mean `notFound`?',
      );
      await expect(versions.fastify().register(errorContract, { scopes: '/api' } as never).ready()).rejects.toThrow('did you mean `scope`?');
    });

    it('a contract that is not one is a TypeError at registration', async () => {
      const app = versions.fastify();
      await expect(app.register(errorContract, { contract: {} as never }).ready()).rejects.toThrow(/createErrorContract/);
    });
  });

  describe('route misses: 404, or 405 with Allow from Fastify\'s router', () => {
    const routes = (a: any) => {
      a.get('/widgets', async () => []);
      a.post('/widgets', async () => ({}));
      a.get('/widgets/:id', async () => ({}));
      a.delete('/widgets/:id', async () => null);
      a.get('/files/*', async () => 'file');
      // Fastify 5 routes only the common methods until told of others
      a.addHttpMethod?.('PROPFIND');
      a.route({ method: ['PROPFIND'], url: '/dav', handler: async () => 'dav' });
    };

    it.each([
      ['PUT', '/widgets', 405, 'GET, HEAD, POST'],
      ['PATCH', '/widgets/7', 405, 'GET, HEAD, DELETE'],
      ['POST', '/files/a/b.txt', 405, 'GET, HEAD'],
      ['GET', '/dav', 405, 'PROPFIND'],
      ['OPTIONS', '/widgets', 405, 'GET, HEAD, POST'],
      ['GET', '/gadgets', 404, undefined],
      ['GET', '/widgets/7/parts', 404, undefined],
      ['PUT', '/widgets?x=1', 405, 'GET, HEAD, POST'],
    ])('%s %s is %i', async (method, url, status, allow) => {
      const app = await appWith(routes);
      const res = await inject(app, method, url);
      expect(res.statusCode).toBe(status);
      expect(res.headers.allow).toBe(allow);
      expect(res.json()).toMatchObject({ status, instance: url.split('?')[0], type: `${TYPE_BASE}${status === 404 ? 'not_found' : 'method_not_allowed'}` });
    });

    it('a route that matches every path (a preflight `*`, a static wildcard) declares nothing', async () => {
      const app = await appWith((a) => {
        a.options('*', async (_request: unknown, reply: any) => reply.code(204).send());
        a.get('/*', async (_request: unknown, reply: any) => reply.callNotFound());
        a.post('/widgets', async () => ({}));
      });
      const unknown = await inject(app, 'DELETE', '/gadgets/1');
      expect(unknown.statusCode).toBe(404);
      const wrong = await inject(app, 'PUT', '/widgets');
      expect(wrong.statusCode).toBe(405);
      expect(wrong.headers.allow).toBe('POST');
      // the wildcard GET hands a miss on to the not-found handler: still a 404, not a 405
      expect((await inject(app, 'GET', '/missing.css')).statusCode).toBe(404);
      expect((await inject(app, 'OPTIONS', '/anything')).statusCode).toBe(204);
    });

    it.each([
      ['a missing path', '/gadgets', 404],
      ['a route Fastify derived from GET, which throws', '/widgets/throws', 404],
      ['a refusal before routing', '/widgets', 406],
    ])('HEAD of %s has the headers of a GET, its Content-Length included, and no body', async (_what, url, status) => {
      const app = await appWith((a) => {
        routes(a);
        a.get('/widgets/throws', async () => {
          throw notFound('No widget has the id "throws".');
        });
      }, { accept: 'json' });
      const headers = status === 406 ? { accept: 'text/html' } : JSON_ACCEPT;
      const get = await inject(app, 'GET', url, headers);
      const head = await inject(app, 'HEAD', url, headers);
      expect(head.statusCode).toBe(status);
      expect(head.body).toBe('');
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['cache-control']).toBe('no-store');
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    });

    it('a route registered before the plugin counts too', async () => {
      const app = versions.fastify();
      app.get('/early', async () => 'early');
      await app.register(errorContract);
      await app.ready();
      const res = await inject(app, 'DELETE', '/early');
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    });

    it("a CORS plugin's preflight route inside a prefix declares nothing there either", async () => {
      const app = versions.fastify();
      await app.register(errorContract);
      await app.register(async (api: any) => {
        await api.register(versions.cors, { origin: 'https://app.example' });
        api.get('/widgets', async () => []);
      }, { prefix: '/api' });
      await app.ready();
      expect((await inject(app, 'GET', '/api/nope')).statusCode).toBe(404);
      const wrong = await inject(app, 'DELETE', '/api/widgets');
      expect(wrong.statusCode).toBe(405);
      expect(wrong.headers.allow).toBe('GET, HEAD');
      expect((await inject(app, 'OPTIONS', '/api/widgets', { origin: 'https://app.example', 'access-control-request-method': 'GET' })).statusCode).toBe(204);
    });

    it('notFound: false keeps the app\'s own not-found handler', async () => {
      const app = await appWith((a) => a.setNotFoundHandler(async (_request: unknown, reply: any) => reply.code(404).send({ mine: true })), { notFound: false });
      const res = await inject(app, 'GET', '/nope');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ mine: true });
    });
  });

  describe('thrown errors: one trust rule', () => {
    const BadInput = createFastifyError('APP_BAD_INPUT', 'The name %s is taken.', 409);
    const Broken = createFastifyError('APP_BROKEN', `It broke: ${SECRET}`, 503);
    const routes = async (a: any) => {
      await a.register(versions.sensible);
      a.get('/http-errors', async () => {
        throw createHttpError(404, 'No widget has the id "9".');
      });
      a.get('/http-errors-500', async () => {
        throw createHttpError(500, `db down: ${SECRET}`);
      });
      a.get('/ours', async () => {
        throw notFound('No widget has the id "9".');
      });
      a.get('/fastify-error', async () => {
        throw new BadInput('Flange');
      });
      a.get('/fastify-error-5xx', async () => {
        throw new Broken();
      });
      a.get('/sensible', async (_request: unknown, reply: any) => reply.notFound('No such thing.'));
      a.get('/sensible-throw', async function (this: any) {
        throw this.httpErrors.forbidden('Readers may not.');
      });
      a.get('/plain', async () => {
        throw new Error(`connection to db-7 failed: ${SECRET}`);
      });
      a.get('/string', async () => {
        throw `a string: ${SECRET}`;
      });
      a.get('/sync', () => {
        throw Object.assign(new Error(`sync: ${SECRET}`), { code: 'ECONNREFUSED' });
      });
      a.get('/in-hook', { onRequest: async () => Promise.reject(unauthorized({ challenge: 'Bearer realm="widgets"' })) }, async () => 'never');
      a.get('/callback', (_request: unknown, reply: any) => {
        reply.send(new Error(`sent: ${SECRET}`));
      });
    };

    it.each([
      ['/http-errors', 404, 'not_found', 'No widget has the id "9".'],
      ['/ours', 404, 'not_found', 'No widget has the id "9".'],
      ['/fastify-error', 409, 'conflict', 'The name Flange is taken.'],
      ['/sensible', 404, 'not_found', 'No such thing.'],
      ['/sensible-throw', 403, 'forbidden', 'Readers may not.'],
      ['/in-hook', 401, 'unauthorized', undefined],
    ])('GET %s is %i %s, its message shown', async (url, status, code, detail) => {
      const app = await appWith(routes);
      const res = await inject(app, 'GET', url);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ status, code, instance: url, ...(detail === undefined ? {} : { detail }) });
      if (status === 401) expect(res.headers['www-authenticate']).toBe('Bearer realm="widgets"');
    });

    it.each(['/http-errors-500', '/fastify-error-5xx', '/plain', '/string', '/sync', '/callback'])('GET %s is a 5xx with nothing of the error', async (url) => {
      const app = await appWith(routes);
      const res = await inject(app, 'GET', url);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('ECONNREFUSED');
      expect(res.body).not.toMatch(/\n\s+at /);
      expect(res.json().status).toBe(res.statusCode);
      expect(res.json().detail).toMatch(/^The service failed to process the request\.$|^Service Unavailable\.$/);
    });
  });

  describe("Fastify's own errors", () => {
    const routes = (a: any) => {
      a.post('/widgets', async (request: any) => request.body ?? null);
      a.put('/tiny', { bodyLimit: 10 }, async () => ({}));
    };
    const json = { ...JSON_ACCEPT, 'content-type': 'application/json' };

    it.each([
      ['malformed JSON', json, '{"name":', 400, 'bad_request', 'The request body is not valid JSON.'],
      ['an empty JSON body', json, '', 400, 'bad_request', 'The request body is empty; send a JSON document.'],
      ['an unsupported media type', { ...JSON_ACCEPT, 'content-type': 'application/x-evil; <script>' }, '<a/>', 415, 'unsupported_media_type', 'The media type of the request body is not supported.'],
    ])('%s: %i %s', async (_what, headers, payload, status, code, detail) => {
      const app = await appWith(routes);
      const res = await inject(app, 'POST', '/widgets', headers, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ type: `${TYPE_BASE}${code}`, title: expect.any(String), status, detail, instance: '/widgets', code });
      expect(res.body).not.toContain('script');
    });

    it('a __proto__ member is 400: Fastify 4 says why, Fastify 5 refuses it as JSON', async () => {
      const app = await appWith(routes);
      const res = await inject(app, 'POST', '/widgets', json, '{"__proto__":{"admin":true}}');
      expect(res.statusCode).toBe(400);
      const detail = versions.major === 4 ? 'The request body has a member named __proto__ or constructor.prototype, which is not accepted.' : 'The request body is not valid JSON.';
      expect(res.json()).toMatchObject({ code: 'bad_request', detail });
    });

    it('a body over the route\'s bodyLimit is 413', async () => {
      const app = await appWith(routes);
      const res = await inject(app, 'PUT', '/tiny', json, JSON.stringify({ name: 'x'.repeat(100) }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'payload_too_large', detail: 'The request body is too large.' });
    });
  });

  describe('schema validation: one field problem per failing property', () => {
    const routes = (a: any) => {
      a.post(
        '/widgets/:id',
        {
          schema: {
            params: { type: 'object', properties: { id: { type: 'integer' } } },
            querystring: { type: 'object', properties: { limit: { type: 'integer', maximum: 10 } } },
            headers: { type: 'object', properties: { 'x-tenant': { type: 'string', minLength: 3 } }, required: ['x-tenant'] },
            body: {
              type: 'object',
              required: ['name'],
              additionalProperties: false,
              properties: { name: { type: 'string', minLength: 1 }, size: { type: 'object', properties: { width: { type: 'number', minimum: 0 } } } },
            },
            response: { 400: { type: 'object', properties: { message: { type: 'string' } } } },
          },
          attachValidation: false,
        },
        async () => ({}),
      );
    };
    const headers = { ...JSON_ACCEPT, 'content-type': 'application/json', 'x-tenant': 'acme' };

    it('body: the missing property is named, nested properties are dotted with pointers', async () => {
      const app = await appWith(routes, {}, { ajv: { customOptions: { allErrors: true } } });
      const res = await inject(app, 'POST', '/widgets/1', headers, JSON.stringify({ size: { width: -1 } }));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ code: 'validation_failed', status: 400, detail: 'The request has 2 invalid fields.' });
      expect(body.errors).toEqual([
        { field: 'name', pointer: '/name', detail: "must have required property 'name'" },
        { field: 'size.width', pointer: '/size/width', detail: 'must be >= 0' },
      ]);
    });

    it("a 400 response schema of the route does not strip the contract's members", async () => {
      const app = await appWith(routes);
      const res = await inject(app, 'POST', '/widgets/1', headers, JSON.stringify({ name: '' }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['type', 'title', 'status', 'detail', 'instance', 'code', 'errors']);
    });

    it.each([
      ['querystring', '/widgets/1?limit=99', headers, 'limit', 'must be <= 10'],
      ['params', '/widgets/abc', headers, 'id', 'must be integer'],
      ['headers', '/widgets/1', { ...headers, 'x-tenant': 'a' }, 'x-tenant', 'must NOT have fewer than 3 characters'],
    ])('%s', async (_part, url, requestHeaders, field, detail) => {
      const app = await appWith(routes);
      const res = await inject(app, 'POST', url, requestHeaders, JSON.stringify({ name: 'x' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field, pointer: `/${field}`, detail }]);
    });
  });

  describe('headers', () => {
    it("helmet's and CORS headers stay on every error and refusal", async () => {
      const app = versions.fastify();
      await app.register(versions.helmet);
      await app.register(versions.cors, { origin: 'https://app.example' });
      await app.register(errorContract, { accept: 'strict' });
      app.get('/widgets', async () => []);
      app.get('/crash', async () => {
        throw new Error('boom');
      });
      await app.ready();
      const origin = { origin: 'https://app.example' };
      for (const [method, url, headers] of [
        ['GET', '/crash', { ...JSON_ACCEPT, ...origin }],
        ['GET', '/nope', { ...JSON_ACCEPT, ...origin }],
        ['DELETE', '/widgets', { ...JSON_ACCEPT, ...origin }],
        ['GET', '/widgets', { accept: 'text/html', ...origin }],
      ] as const) {
        const res = await inject(app, method, url, headers);
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.headers['x-content-type-options'], `${method} ${url}`).toBe('nosniff');
        expect(res.headers['access-control-allow-origin'], `${method} ${url}`).toBe('https://app.example');
      }
      // the CORS preflight is the plugin's own answer, untouched
      const preflight = await inject(app, 'OPTIONS', '/widgets', { ...origin, 'access-control-request-method': 'POST' });
      expect(preflight.statusCode).toBe(204);
    });

    it("a 416's Content-Range on the error stays (as @fastify/static 10 sends it)", async () => {
      const app = await appWith((a) =>
        a.get('/download', async () => {
          throw createHttpError(416, 'Range Not Satisfiable', { headers: { 'content-range': 'bytes */1024' } });
        }),
      );
      const res = await inject(app, 'GET', '/download', { range: 'bytes=5000-6000' });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1024');
      expect(res.json().code).toBe('range_not_satisfiable');
    });

    it("a failing route's representation headers go, its own headers stay, Vary is merged", async () => {
      const app = await appWith((a) =>
        a.get('/compressed', async (_request: unknown, reply: any) => {
          reply.header('content-encoding', 'gzip').header('etag', '"v1"').header('x-request-id', 'r-1').header('vary', 'Origin');
          throw new Error('after the headers');
        }),
        { languages: ['en', 'de'] },
      );
      const res = await inject(app, 'GET', '/compressed');
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['x-request-id']).toBe('r-1');
      expect(res.headers.vary).toBe('Origin, Accept-Language');
      expect(res.json().code).toBe('internal_server_error');
    });
  });

  describe('bare error replies get the contract body', () => {
    const routes = (a: any) => {
      a.get('/empty', async (_request: unknown, reply: any) => reply.code(403).send());
      a.get('/phrase', async (_request: unknown, reply: any) => reply.code(404).send('Not Found'));
      a.get('/own-json', async (_request: unknown, reply: any) => reply.code(404).send({ error: 'mine' }));
      a.get('/own-text', async (_request: unknown, reply: any) => reply.code(409).send('Already there, try /widgets/2'));
      a.get('/stream', async (_request: unknown, reply: any) => reply.code(500).type('text/plain').send(Readable.from(['partial'])));
    };

    it.each([
      ['/empty', 403, 'forbidden'],
      ['/phrase', 404, 'not_found'],
    ])('GET %s is %i %s in the contract', async (url, status, code) => {
      const app = await appWith(routes);
      const res = await inject(app, 'GET', url);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toMatchObject({ status, code, instance: url });
      const head = await inject(app, 'HEAD', url);
      expect(head.statusCode).toBe(status);
      expect(head.headers['content-type']).toBe('application/json');
    });

    it.each([
      ['/own-json', '{"error":"mine"}'],
      ['/own-text', 'Already there, try /widgets/2'],
      ['/stream', 'partial'],
    ])("GET %s: the app's own error body is kept", async (url, body) => {
      const app = await appWith(routes);
      expect((await inject(app, 'GET', url)).body).toBe(body);
    });

    it('bareStatuses: false leaves them bare', async () => {
      const app = await appWith(routes, { bareStatuses: false });
      expect((await inject(app, 'GET', '/empty')).body).toBe('');
    });
  });

  describe('@fastify/rate-limit', () => {
    async function limited(options: Record<string, unknown>) {
      const app = versions.fastify();
      await app.register(errorContract, { typeBaseUrl: TYPE_BASE });
      await app.register(versions.rateLimit, { max: 1, timeWindow: 30_000, ...options });
      app.get('/widgets', async () => []);
      await app.ready();
      expect((await inject(app, 'GET', '/widgets')).statusCode).toBe(200);
      return inject(app, 'GET', '/widgets');
    }

    it('its refusal is 429 in the contract with Retry-After and its headers kept', async () => {
      const res = await limited({});
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.headers['x-ratelimit-limit']).toBe('1');
      expect(res.json()).toMatchObject({ status: 429, code: 'too_many_requests', type: `${TYPE_BASE}too_many_requests` });
    });

    it('with rateLimitError as its errorResponseBuilder, worded as on every framework', async () => {
      const res = await limited({ errorResponseBuilder: rateLimitError });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toMatchObject({ code: 'too_many_requests', detail: 'Too many requests; the rate limit is exceeded.' });
    });
  });

  describe('scope: only the context it is registered in', () => {
    async function scoped() {
      const app = versions.fastify();
      app.get('/page', async () => 'page');
      app.get('/page-error', async () => {
        throw new Error('page broke');
      });
      await app.register(
        async (api: any) => {
          await api.register(errorContract, { typeBaseUrl: TYPE_BASE });
          api.get('/widgets', async () => []);
          api.get('/crash', async () => {
            throw new Error('api broke');
          });
        },
        { prefix: '/api' },
      );
      await app.ready();
      return app;
    }

    it('inside the prefix every failure is in the contract', async () => {
      const app = await scoped();
      expect((await inject(app, 'GET', '/api/crash')).json()).toMatchObject({ code: 'internal_server_error' });
      expect((await inject(app, 'GET', '/api/nope')).json()).toMatchObject({ code: 'not_found' });
      const wrong = await inject(app, 'POST', '/api/widgets');
      expect(wrong.statusCode).toBe(405);
    });

    it("outside it Fastify's own answers stay", async () => {
      const app = await scoped();
      const crash = await inject(app, 'GET', '/page-error');
      expect(crash.statusCode).toBe(500);
      expect(crash.json()).toMatchObject({ statusCode: 500, error: 'Internal Server Error', message: 'page broke' });
      const missing = await inject(app, 'GET', '/nope');
      expect(missing.json()).toEqual({ message: 'Route GET:/nope not found', error: 'Not Found', statusCode: 404 });
    });

    it("the core scope option: outside it, Fastify's answers", async () => {
      const app = await appWith(
        (a) => {
          a.get('/api/crash', async () => {
            throw new Error('api broke');
          });
          a.get('/page-error', async () => {
            throw new Error('page broke');
          });
          a.get('/empty', async (_request: unknown, reply: any) => reply.code(403).send());
        },
        { scope: '/api' },
      );
      expect((await inject(app, 'GET', '/api/crash')).json()).toMatchObject({ code: 'internal_server_error' });
      expect((await inject(app, 'GET', '/api/nope')).json()).toMatchObject({ code: 'not_found' });
      expect((await inject(app, 'GET', '/page-error')).json()).toMatchObject({ message: 'page broke' });
      expect((await inject(app, 'GET', '/nope')).json()).toEqual({ message: 'Route GET:/nope not found', error: 'Not Found', statusCode: 404 });
      expect((await inject(app, 'GET', '/empty')).body).toBe('');
    });
  });

  describe('seen, not hidden: the request log', () => {
    async function logged(url: string) {
      const lines: Array<Record<string, any>> = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      });
      const app = await appWith(
        (a) => {
          a.get('/crash', async () => {
            throw new Error(`boom ${SECRET}`);
          });
          a.get('/missing', async () => {
            throw notFound();
          });
        },
        {},
        { logger: { level: 'info', stream } },
      );
      await inject(app, 'GET', url);
      return lines.filter((line) => line.err !== undefined);
    }

    it('a 5xx is logged once at error level, with the error and its stack', async () => {
      const lines = await logged('/crash');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 50, msg: `boom ${SECRET}`, err: { type: 'Error', message: `boom ${SECRET}` } });
      expect(lines[0]!.err.stack).toContain('    at ');
    });

    it("a 5xx's line names the trace the request came with", async () => {
      const lines: Array<Record<string, any>> = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      });
      const app = await appWith((a) => a.get('/crash', async () => Promise.reject(new Error('boom'))), { traceId: true }, { logger: { level: 'error', stream } });
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const res = await inject(app, 'GET', '/crash', { ...JSON_ACCEPT, traceparent });
      expect(res.json().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 50, traceId: '4bf92f3577b34da6a3ce929d0e0e4736' });
    });

    it('a 4xx is logged at info level, as Fastify does', async () => {
      const lines = await logged('/missing');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.level).toBe(30);
    });
  });

  describe('routeMissOf and sendResponse, for code that answers outside the plugin (the Nest adapter)', () => {
    it("answer a route miss from any context, as the root's router has it", async () => {
      const contract = createErrorContract({ onError: () => {} });
      const app = versions.fastify();
      let child: any;
      await app.register(async (api: any) => {
        child = api;
        api.get('/widgets', async () => []);
      }, { prefix: '/api' });
      app.setNotFoundHandler((request: any, reply: any) => {
        sendResponse(reply, contract.respond(routeMissOf(child, request.method, request.url), { method: request.method, path: request.url, headers: request.headers }), false);
      });
      await app.ready();
      const wrong = await inject(app, 'PATCH', '/api/widgets?x=1');
      expect(wrong.statusCode).toBe(405);
      expect(wrong.headers.allow).toBe('GET, HEAD');
      expect(wrong.headers['content-type']).toBe('application/json');
      expect(routeMissOf(app, 'GET', '/api/nope').status).toBe(404);
    });

    it('a remembered miss answers as the first did, per method, and past the bound of remembered paths', async () => {
      const app = versions.fastify();
      app.get('/widgets/:id', async () => ({}));
      app.post('/widgets/:id', async () => ({}));
      await app.ready();
      const answers = () => [routeMissOf(app, 'PUT', '/widgets/7'), routeMissOf(app, 'DELETE', '/widgets/7?x=1'), routeMissOf(app, 'GET', '/gadgets/7')];
      const first = answers();
      expect(first.map((miss) => [miss.status, miss.headers?.allow])).toEqual([[405, 'GET, HEAD, POST'], [405, 'GET, HEAD, POST'], [404, undefined]]);
      // each call gets an object of its own, which onError may tag
      expect(answers()).toEqual(first);
      expect(answers()[0]).not.toBe(first[0]);
      // more paths than are remembered: the memory is forgotten, the answers stay right
      for (let id = 0; id < 2100; id++) expect(routeMissOf(app, 'PATCH', `/widgets/${id}`).status).toBe(405);
      expect(routeMissOf(app, 'PATCH', `/gadgets/${'x'.repeat(600)}`).status).toBe(404);
      expect(answers()).toEqual(first);
    });
  });

  describe('do no harm: what the app answers itself', () => {
    it('successes, redirects and streams are untouched', async () => {
      const app = await appWith((a) => {
        a.get('/json', async () => ({ ok: true }));
        a.get('/redirect', async (_request: unknown, reply: any) => reply.redirect('/json', 301));
        a.get('/stream', async (_request: unknown, reply: any) => reply.type('text/plain').send(Readable.from(['a', 'b'])));
      });
      const json = await inject(app, 'GET', '/json', {});
      expect(json.body).toBe('{"ok":true}');
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      const redirect = await inject(app, 'GET', '/redirect', {});
      expect(redirect.statusCode).toBe(301);
      expect(redirect.headers.location).toBe('/json');
      expect((await inject(app, 'GET', '/stream', {})).body).toBe('ab');
    });

    it('a contract given in `contract` is used as it is', async () => {
      const contract = createErrorContract({ shape: 'compact', onError: () => {} });
      const app = versions.fastify();
      await app.register(errorContract, { contract });
      await app.ready();
      expect(app.errorContract).toBe(contract);
      expect((await inject(app, 'GET', '/nope')).json()).toEqual({ errors: [{ code: 'not_found', message: 'The requested resource was not found.' }] });
    });
  });
});
