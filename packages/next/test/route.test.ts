// App Router route handlers and the proxy, called as Next calls them (a NextRequest and a context),
// without building an app: what each wrapped method answers. The built app is tested in
// examples/next (conformance) and suites/do-no-harm.
import { notFound as notFoundSignal, permanentRedirect, redirect } from 'next/navigation';
import { NextRequest, NextResponse } from 'next/server';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { notFound, unauthorized } from '@error-contract/core';
import { autoImplementMethods } from 'next/dist/server/route-modules/app-route/helpers/auto-implement-methods.js';
import { hasNonStaticMethods } from 'next/dist/server/route-modules/app-route/module.js';
import { errorContract, NEXT_METHODS, PROBE_HEADER } from '../src/index.js';
import { probeSecret } from '../src/probe.js';

/** The methods Next routes for a module's exports, as Next fills them in (its OPTIONS, HEAD and empty 405). */
const asNextRoutes = (exports: object) => autoImplementMethods(exports as never) as unknown as Record<(typeof NEXT_METHODS)[number], (request: Request, context: unknown) => Promise<Response>>;

const JSON_ACCEPT = { accept: 'application/json' };
const context = { params: Promise.resolve({}) };

function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): NextRequest {
  return new NextRequest(`http://127.0.0.1:3000${path}`, { method: init.method ?? 'GET', headers: { ...JSON_ACCEPT, ...init.headers }, ...(init.body === undefined ? {} : { body: init.body }) });
}

async function read(res: Response) {
  const text = await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), text, json: text === '' ? undefined : JSON.parse(text) };
}

const logged: unknown[] = [];
const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', onError: (error) => logged.push(error) });

describe('errors.route(handlers)', () => {
  const widgets = errors.route({
    GET: () => Response.json([{ id: '1' }]),
    async POST(req) {
      const body = await req.json();
      return Response.json(z.object({ name: z.string().min(1), price: z.number().min(0).optional() }).strict().parse(body), { status: 201 });
    },
  });

  it('gives the methods given, and GET; a GET-only module stays one Next prerenders', () => {
    expect(Object.keys(widgets).sort()).toEqual(['GET', 'POST']);
    const categories = errors.route({ GET: () => Response.json([]) });
    expect(Object.keys(categories)).toEqual(['GET']);
    expect(hasNonStaticMethods(categories as never)).toBe(false);
    expect(Object.keys(errors.route({ POST: () => Response.json({}) })).sort()).toEqual(['GET', 'OPTIONS', 'POST']);
    expect(Object.keys(errors.route({ POST: () => Response.json({}), OPTIONS: () => new Response(null) })).sort()).toEqual(['GET', 'OPTIONS', 'POST']);
  });

  it("a module without GET: its OPTIONS is byte for byte Next's own without the contract, and names no method that answers 405", async () => {
    const post = () => Response.json({}, { status: 201 });
    const without = await read(await asNextRoutes({ POST: post }).OPTIONS(request('/api/orders', { method: 'OPTIONS' }), context));
    const routes = asNextRoutes(errors.route({ POST: post }));
    const withContract = await read(await routes.OPTIONS(request('/api/orders', { method: 'OPTIONS' }), context));
    expect(withContract).toEqual(without);
    expect(withContract.headers.allow).toBe('OPTIONS, POST');
    for (const method of withContract.headers.allow!.split(', ')) {
      const answer = await routes[method as 'OPTIONS' | 'POST'](request('/api/orders', { method, headers: { 'content-type': 'application/json' }, body: '{}' }), context);
      expect(answer.status, method).not.toBe(405);
    }
    // and the GET the module exports for the contract's 405 names only what the module has
    const get = await routes.GET(request('/api/orders'), context);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('reads nothing of the request before the handler runs, nor for a success', async () => {
    const read: string[] = [];
    const watched = new Proxy(request('/api/categories'), {
      get(target, name) {
        if (typeof name === 'string' && ['url', 'headers', 'cookies', 'body', 'json', 'text'].includes(name)) read.push(name);
        if (name === 'nextUrl') return new Proxy(target.nextUrl, { get: (url, key) => (typeof key === 'string' && ['href', 'search', 'searchParams', 'origin'].includes(key) ? read.push(`nextUrl.${key}`) && Reflect.get(url, key) : Reflect.get(url, key)) });
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const categories = errors.route({ GET: () => Response.json([{ id: 'c1' }], { headers: { 'cache-control': 's-maxage=3600' } }) });
    expect((await categories.GET(watched, context)).status).toBe(200);
    expect(read).toEqual([]);
  });

  it('passes a success on as the handler made it', async () => {
    const res = await widgets.GET(request('/api/widgets'), context);
    expect(await read(res)).toMatchObject({ status: 200, json: [{ id: '1' }] });
  });

  it('a thrown Error: 500 internal_server_error, nothing of its message, logged', async () => {
    const failing = errors.route({
      GET() {
        throw new Error('connection to db-7 failed: password=hunter2');
      },
    });
    logged.length = 0;
    const answer = await read(await failing.GET(request('/api/fail'), context));
    expect(answer).toMatchObject({ status: 500, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, json: { status: 500, code: 'internal_server_error', instance: '/api/fail' } });
    expect(answer.text).not.toContain('hunter2');
    expect((logged[0] as Error).message).toContain('db-7');
  });

  it("GET of a module without GET: 405 method_not_allowed with Allow (Next's own is empty)", async () => {
    const login = asNextRoutes(errors.route({ POST: () => Response.json({}) }));
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await read(await login[method](request('/api/login', { method }), context));
      expect(answer).toMatchObject({ status: 405, headers: { allow: 'POST' } });
      if (method === 'GET') expect(answer.json).toMatchObject({ code: 'method_not_allowed', instance: '/api/login' });
    }
  });

  it("OPTIONS not exported: Next's own 204 with Allow", async () => {
    const answer = await read(await asNextRoutes(widgets).OPTIONS(request('/api/widgets', { method: 'OPTIONS' }), context));
    expect(answer).toEqual({ status: 204, headers: { allow: 'GET, HEAD, OPTIONS, POST' }, text: '', json: undefined });
  });

  it('HEAD is GET when not exported; an error to HEAD has no body', async () => {
    expect((await asNextRoutes(widgets).HEAD(request('/api/widgets', { method: 'HEAD' }), context)).status).toBe(200);
    const missing = asNextRoutes(errors.route({ GET: () => new Response(null, { status: 404 }) }));
    const answer = await read(await missing.HEAD(request('/api/widgets/9', { method: 'HEAD' }), context));
    expect(answer).toMatchObject({ status: 404, text: '', headers: { 'content-type': 'application/json' } });
  });

  it('bad JSON from request.json(): 400 bad_request', async () => {
    const answer = await read(await widgets.POST(request('/api/widgets', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } }), context));
    expect(answer).toMatchObject({ status: 400, json: { code: 'bad_request' } });
  });

  it("zod's error: 400 validation_failed with one entry per field", async () => {
    const answer = await read(await widgets.POST(request('/api/widgets', { method: 'POST', body: '{"name":"","price":-1}' }), context));
    expect(answer).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
    expect(answer.json.errors.map((entry: { field: string }) => entry.field)).toEqual(['name', 'price']);
  });

  it("valibot's error: 400 validation_failed with one entry per field", async () => {
    const schema = v.object({ name: v.pipe(v.string(), v.minLength(1)) });
    const route = errors.route({ POST: async (req) => Response.json(v.parse(schema, await req.json())) });
    const answer = await read(await route.POST(request('/api/widgets', { method: 'POST', body: '{"name":""}' }), context));
    expect(answer).toMatchObject({ status: 400, json: { code: 'validation_failed', errors: [{ field: 'name' }] } });
  });

  it("a bare error response returned (new Response(null, { status: 404 })): the contract's body, headers kept", async () => {
    const route = errors.route({ GET: () => new Response(null, { status: 404, headers: { 'access-control-allow-origin': '*' } }) });
    const answer = await read(await route.GET(request('/api/widgets/9'), context));
    expect(answer).toMatchObject({ status: 404, headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' }, json: { code: 'not_found' } });
  });

  it("a bare 401 gets the contract's challenge (RFC 9110 section 15.5.2); one the route set is kept", async () => {
    const bare = errors.route({ GET: () => new Response(null, { status: 401 }) });
    expect(await read(await bare.GET(request('/api/x'), context))).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' }, json: { code: 'unauthorized' } });
    const own = errors.route({ GET: () => new Response(null, { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="app"' } }) });
    expect(await read(await own.GET(request('/api/x'), context))).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Basic realm="app"' }, json: { code: 'unauthorized' } });
  });

  it("a reason phrase in text (new Response('Forbidden', { status: 403 })) is bare too; the app's own JSON error is not", async () => {
    const phrase = errors.route({ GET: () => new Response('Forbidden', { status: 403 }) });
    expect(await read(await phrase.GET(request('/api/x'), context))).toMatchObject({ status: 403, json: { code: 'forbidden' } });
    const own = errors.route({ GET: () => NextResponse.json({ message: 'mine' }, { status: 409 }) });
    expect(await read(await own.GET(request('/api/x'), context))).toMatchObject({ status: 409, json: { message: 'mine' } });
  });

  it('our own problems keep their detail and headers (401 with WWW-Authenticate)', async () => {
    const route = errors.route({
      GET() {
        throw unauthorized({ challenge: 'Bearer realm="widgets"' });
      },
      DELETE() {
        throw notFound('No widget has the id "9".');
      },
    });
    expect(await read(await route.GET(request('/api/x'), context))).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer realm="widgets"' } });
    expect(await read(await route.DELETE(request('/api/x', { method: 'DELETE' }), context))).toMatchObject({ status: 404, json: { detail: 'No widget has the id "9".' } });
  });

  it("Next's notFound(), forbidden() and unauthorized(): the contract's 404, 403 and 401 (Next's are empty)", async () => {
    // forbidden() and unauthorized() throw only with experimental.authInterrupts: their digests, as Next makes them
    const fallback = (status: number) => () => {
      throw Object.assign(new Error(`NEXT_HTTP_ERROR_FALLBACK;${status}`), { digest: `NEXT_HTTP_ERROR_FALLBACK;${status}` });
    };
    const signals = [
      [notFoundSignal, 404, 'not_found'],
      [fallback(403), 403, 'forbidden'],
      [fallback(401), 401, 'unauthorized'],
    ] as const;
    for (const [signal, status, code] of signals) {
      const route = errors.route({ GET: () => signal() });
      expect(await read(await route.GET(request('/api/x'), context))).toMatchObject({ status, json: { status, code } });
    }
  });

  it("Next's redirect() and permanentRedirect() are thrown on, for Next to answer 307/308 with Location", async () => {
    const route = errors.route({ GET: () => redirect('/elsewhere'), POST: () => permanentRedirect('/moved') });
    await expect(route.GET(request('/api/x'), context)).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;/) });
    await expect(route.POST(request('/api/x', { method: 'POST' }), context)).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;.*;308;/) });
  });

  it('signals of static generation are thrown on (a dynamic API during prerendering)', async () => {
    const dynamic = Object.assign(new Error('Dynamic server usage: headers'), { digest: 'DYNAMIC_SERVER_USAGE' });
    const route = errors.route({
      GET() {
        throw dynamic;
      },
    });
    await expect(route.GET(request('/api/x'), context)).rejects.toBe(dynamic);
  });

  it("a handler that returns no Response: 500, where Next would throw", async () => {
    const route = errors.route({ GET: (() => undefined) as never });
    expect(await read(await route.GET(request('/api/x'), context))).toMatchObject({ status: 500, json: { code: 'internal_server_error' } });
  });

  it('checks its handlers at once', () => {
    expect(() => errors.route({ get: () => new Response() } as never)).toThrow(/routes only GET/);
    expect(() => errors.route({ GET: 'nope' } as never)).toThrow(TypeError);
    expect(() => errors.route(null as never)).toThrow(TypeError);
  });

  it("the proxy's probe (this process's secret) is answered with the declared methods, the app's OPTIONS not called", async () => {
    const own = vi.fn(() => new Response(null, { status: 204, headers: { 'access-control-allow-origin': '*' } }));
    const route = errors.route({ GET: () => Response.json([]), OPTIONS: own });
    const answer = await route.OPTIONS(request('/api/x', { method: 'OPTIONS', headers: { [PROBE_HEADER]: probeSecret() } }), context);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(own).not.toHaveBeenCalled();
  });

  it("a client's OPTIONS with the probe header gets the app's own OPTIONS answer", async () => {
    probeSecret();
    const own = vi.fn(() => new Response(null, { status: 204, headers: { 'access-control-allow-origin': '*' } }));
    const route = errors.route({ GET: () => Response.json([]), OPTIONS: own });
    for (const guess of ['x', '', 'true']) {
      const answer = await read(await route.OPTIONS(request('/api/x', { method: 'OPTIONS', headers: { [PROBE_HEADER]: guess } }), context));
      expect(answer).toEqual({ status: 204, headers: { 'access-control-allow-origin': '*' }, text: '', json: undefined });
    }
    expect(own).toHaveBeenCalledTimes(3);
  });
});

describe('errors.notFoundRoute (app/api/[...path]/route.ts)', () => {
  it.each(NEXT_METHODS)('%s is the contract 404', async (method) => {
    const answer = await read(await errors.notFoundRoute[method](request('/api/nothing/here?x=1', { method }), context));
    expect(answer.status).toBe(404);
    if (method !== 'HEAD') expect(answer.json).toMatchObject({ code: 'not_found', instance: '/api/nothing/here' });
  });
});

describe('scope', () => {
  const strict = errorContract({ accept: 'strict', rejectMalformedPath: true, scope: '/api', onError: () => {} });

  it('the checks before routing are the proxy\'s: the route module runs the handler (406 is errors.proxy())', async () => {
    const route = strict.route({ GET: () => Response.json({ ok: true }) });
    expect((await route.GET(new NextRequest('http://127.0.0.1:3000/api/x'), context)).status).toBe(200);
  });

  it("outside the scope, Next's own answers: the handler as is, an empty 405", async () => {
    const failing = strict.route({
      GET() {
        throw new Error('boom');
      },
      POST: () => new Response(null, { status: 404 }),
    });
    await expect(failing.GET(new NextRequest('http://127.0.0.1:3000/page'), context)).rejects.toThrow('boom');
    expect(await read(await failing.POST(new NextRequest('http://127.0.0.1:3000/page', { method: 'POST' }), context))).toEqual({ status: 404, headers: {}, text: '', json: undefined });
    const res = await asNextRoutes(failing).PUT(new NextRequest('http://127.0.0.1:3000/page', { method: 'PUT' }), context);
    expect(await read(res)).toEqual({ status: 405, headers: {}, text: '', json: undefined });
    const noGet = strict.route({ POST: () => Response.json({}) });
    expect(await read(await noGet.GET(new NextRequest('http://127.0.0.1:3000/page'), context))).toEqual({ status: 405, headers: {}, text: '', json: undefined });
  });
});

describe('errors.proxy(fn)', () => {
  const strict = errorContract({ accept: 'strict', rejectMalformedPath: true, scope: '/api', onError: () => {} });
  const event = {} as never;
  afterEach(() => vi.unstubAllGlobals());

  it('refuses before routing: 406 without Accept, 400 for a malformed path', async () => {
    const proxy = strict.proxy();
    expect((await proxy(new NextRequest('http://127.0.0.1:3000/api/x'), event))?.status).toBe(406);
    expect((await proxy(request('/api/%ZZ/%'), event))?.status).toBe(400);
    expect(await proxy(request('/api/x'), event)).toBeUndefined();
  });

  it("what the app's proxy throws or returns bare is answered; NextResponse.next() goes on", async () => {
    const proxy = strict.proxy((req) => {
      if (req.headers.get('authorization') === null) throw unauthorized({ challenge: 'Bearer' });
      if (req.nextUrl.pathname === '/api/bare') return new Response(null, { status: 429, headers: { 'retry-after': '5' } });
      return NextResponse.next();
    });
    expect(await read((await proxy(request('/api/x'), event))!)).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' } });
    expect(await read((await proxy(request('/api/bare', { headers: { authorization: 'x' } }), event))!)).toMatchObject({ status: 429, headers: { 'retry-after': '5' }, json: { code: 'too_many_requests' } });
    const next = await proxy(request('/api/x', { headers: { authorization: 'x' } }), event);
    expect(next?.headers.get('x-middleware-next')).toBe('1');
  });

  it('outside the scope only the app proxy runs', async () => {
    const proxy = strict.proxy(() => undefined);
    expect(await proxy(new NextRequest('http://127.0.0.1:3000/page'), event)).toBeUndefined();
  });

  /** A server of route modules as Next routes them, behind the proxy: what the probe's fetch reaches. */
  function serve(proxy: ReturnType<typeof strict.proxy>, modules: Record<string, object>) {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const probe = new NextRequest(url, init as never);
      calls.push(`${probe.method} ${probe.nextUrl.pathname}`);
      // the probe comes back through the proxy, which lets it through untouched
      expect(await proxy(probe, event)).toBeUndefined();
      const module = modules[probe.nextUrl.pathname] ?? strict.notFoundRoute;
      return asNextRoutes(module)[probe.method as 'OPTIONS'](probe, context);
    });
    return calls;
  }

  it("a method Next does not route: 405 with the route module's Allow, found by an OPTIONS probe that skips the app's proxy", async () => {
    const app = vi.fn(() => undefined);
    const proxy = strict.proxy(app);
    serve(proxy, { '/api/widgets': strict.route({ GET: () => Response.json([]), POST: () => Response.json({}) }) });
    const answer = await read((await proxy(request('/api/widgets', { method: 'PROPFIND' }), event))!);
    expect(answer).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST' }, json: { code: 'method_not_allowed' } });
    expect(app).toHaveBeenCalledTimes(1);
    expect(await read((await proxy(request('/api/nothing', { method: 'PROPFIND' }), event))!)).toMatchObject({ status: 404 });
  });

  it("a write the module does not export (PUT to a GET-only module): 405 with Allow, Next's automatic OPTIONS asked once per path", async () => {
    const proxy = strict.proxy();
    const calls = serve(proxy, { '/api/categories': strict.route({ GET: () => Response.json([]) }), '/api/items': strict.route({ GET: () => Response.json([]), POST: () => Response.json({}) }) });
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH']) {
      expect(await read((await proxy(request('/api/categories', { method }), event))!)).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' }, json: { code: 'method_not_allowed' } });
    }
    expect(await proxy(request('/api/items', { method: 'POST' }), event)).toBeUndefined();
    expect(await proxy(request('/api/items', { method: 'POST' }), event)).toBeUndefined();
    expect((await proxy(request('/api/items', { method: 'DELETE' }), event))?.status).toBe(405);
    // GET, HEAD and OPTIONS are never asked: Next's own OPTIONS stays, a static GET stays static
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(await proxy(request('/api/categories', { method }), event)).toBeUndefined();
    expect(calls).toEqual(['OPTIONS /api/categories', 'OPTIONS /api/items']);
  });

  it("a route Next prerendered: its 405 with Allow: GET, HEAD to the probe gives the Allow", async () => {
    const proxy = strict.proxy();
    vi.stubGlobal('fetch', async () => new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } }));
    expect(await read((await proxy(request('/api/prerendered', { method: 'DELETE' }), event))!)).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' }, json: { code: 'method_not_allowed' } });
  });

  it("the app's OPTIONS handler, wrapped, answers the probe without running; a module whose OPTIONS tells nothing is let through", async () => {
    const own = vi.fn(() => new Response(null, { status: 204, headers: { 'access-control-allow-origin': '*' } }));
    const proxy = strict.proxy();
    serve(proxy, { '/api/cors': strict.route({ GET: () => Response.json([]), OPTIONS: own }), '/api/raw': { GET: () => Response.json([]), OPTIONS: own } });
    expect((await proxy(request('/api/cors', { method: 'PUT' }), event))?.headers.get('allow')).toBe('GET, HEAD');
    expect(own).not.toHaveBeenCalled();
    expect(await proxy(request('/api/raw', { method: 'PUT' }), event)).toBeUndefined();
  });

  it("the answers keep the headers the app's proxy set (405, 406, its own checks)", async () => {
    const shop = strict.proxy((req) => {
      const headers = { 'x-shop': 'acme', 'access-control-allow-origin': 'https://app.example.com', vary: 'Origin' };
      if (req.nextUrl.pathname === '/api/bare') return new Response(null, { status: 403, headers });
      return NextResponse.next({ headers });
    });
    serve(shop, { '/api/products': strict.route({ GET: () => Response.json([]) }) });
    const kept = { 'x-shop': 'acme', 'access-control-allow-origin': 'https://app.example.com' };
    const propfind = await read((await shop(request('/api/products', { method: 'PROPFIND' }), event))!);
    expect(propfind).toMatchObject({ status: 405, headers: { ...kept, allow: 'GET, HEAD' }, json: { code: 'method_not_allowed' } });
    expect(propfind.headers.vary).toMatch(/^Origin/);
    expect(Object.keys(propfind.headers).filter((name) => name.startsWith('x-middleware-'))).toEqual([]);
    expect(await read((await shop(request('/api/products', { method: 'PUT' }), event))!)).toMatchObject({ status: 405, headers: kept });
    expect(await read((await shop(new NextRequest('http://127.0.0.1:3000/api/products'), event))!)).toMatchObject({ status: 406, headers: kept, json: { code: 'not_acceptable' } });
    expect(await read((await shop(request('/api/bare'), event))!)).toMatchObject({ status: 403, headers: kept, json: { code: 'forbidden' } });
  });

  it('a client cannot use the probe header to skip the checks', async () => {
    probeSecret();
    const proxy = strict.proxy(() => {
      throw unauthorized();
    });
    expect((await proxy(request('/api/x', { method: 'OPTIONS', headers: { [PROBE_HEADER]: 'guess' } }), event))?.status).toBe(401);
  });
});
