// errorResponses(contract, { 404: ['not_found'] }, { path }) in a route's `response` map:
// @elysiajs/openapi documents the route's own codes, withErrorResponses over its document lists
// exactly what each route answers, and nothing Elysia sends changes: not a success's bytes, not
// an error's status, type or body.
import { openapi } from '@elysiajs/openapi';
import { createErrorContract, forbidden, notFound, type RequestLike } from '@error-contract/core';
import { ERROR_CODES_EXTENSION, withErrorResponses } from '@error-contract/core/openapi';
import { Elysia, status, t } from 'elysia';
import { describe, expect, it } from 'vitest';
import { errorContract, errorResponses } from '../src/index.js';

const shape = (request: RequestLike) => (request.path.startsWith('/v1/') ? 'compact' : 'detailed');
const contract = createErrorContract({ accept: 'strict', shape, extensions: () => ({ requestId: 'r-1' }), logger: false });
const Widget = t.Object({ id: t.String(), name: t.String() });
const json = { accept: 'application/json' };
// `x-error-codes: []`: the list answers none of its own (a route without it may answer any)
const DECLARES_NONE = { [ERROR_CODES_EXTENSION]: [] };

function app(documented: boolean) {
  const errors = (codes: Parameters<typeof errorResponses>[1], path: string) => (documented ? errorResponses(contract, codes, { path }) : {});
  let elysia = new Elysia().use(openapi({ provider: null })).use(errorContract(contract));
  for (const prefix of ['/v1', '/v2']) {
    elysia = elysia
      .get(`${prefix}/widgets`, () => [{ id: '7', name: 'bolt' }], { response: { 200: t.Array(Widget) }, detail: { ...DECLARES_NONE } })
      .get(`${prefix}/widgets/:id`, ({ params }) => {
        if (params.id !== '7') throw notFound(`No widget ${params.id}.`);
        return { id: '7', name: 'bolt', secret: 'not in the schema' };
      }, { response: { 200: Widget, ...errors({ 404: ['not_found'] }, `${prefix}/widgets/:id`) } })
      .post(`${prefix}/widgets`, () => {
        throw forbidden('Only writers create widgets.');
      }, { body: t.Object({ name: t.String() }), response: { 201: Widget, ...errors({ 403: ['forbidden'] }, `${prefix}/widgets`) } })
      // a 404 returned, not thrown, and a bare one: the contract answers them after the handler
      .get(`${prefix}/returned/:id`, ({ params }) => status(404, `No widget ${params.id}.`) as never, { response: { 200: Widget, ...errors({ 404: ['not_found'] }, `${prefix}/returned/:id`) } })
      .get(`${prefix}/bare`, () => new Response(null, { status: 404 }), { response: { 200: Widget, ...errors({ 404: ['not_found'] }, `${prefix}/bare`) } });
  }
  return elysia;
}

async function documentOf(elysia: ReturnType<typeof app>) {
  const response = await elysia.handle(new Request('http://localhost/openapi/json', { headers: json }));
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
}

describe('errorResponses(contract, codes, { path })', () => {
  it("documents the route's codes through @elysiajs/openapi, and withErrorResponses lists exactly what each route answers", async () => {
    const document = withErrorResponses(await documentOf(app(true)), contract, { bodyReaderResponses: true });
    const errors = (operation: { responses: Record<string, unknown> }) => Object.keys(operation.responses).filter((status) => status >= '400');
    expect(errors(document.paths['/v2/widgets'].get)).toEqual(['406', '500']);
    expect(errors(document.paths['/v2/widgets/{id}'].get)).toEqual(['404', '406', '500']);
    expect(errors(document.paths['/v2/widgets'].post)).toEqual(['400', '403', '406', '413', '415', '500']);
    expect(errors(document.paths['/v1/widgets/{id}'].get)).toEqual(['404', '406', '500']);
    // the route's own response, as @elysiajs/openapi wrote it: code pinned, in the path's shape,
    // the body left open for the contract's extension members (Elysia closed none)
    const detailed = document.paths['/v2/widgets/{id}'].get.responses['404'];
    expect(detailed.description).toBe('Not Found');
    expect(detailed.content['application/json'].schema.properties.code.enum).toEqual(['not_found']);
    expect(detailed.content['application/json'].schema.additionalProperties).toBeUndefined();
    expect(document.paths['/v1/widgets/{id}'].get.responses['404'].content['application/json'].schema.properties.errors.items.properties.code.enum).toEqual(['not_found']);
    expect(document.paths['/v2/widgets'].post.responses['403'].content['application/json'].schema.properties.code.enum).toEqual(['forbidden']);
  });

  it('without errorResponses, the same routes declare nothing: every code they may answer is listed', async () => {
    const document = withErrorResponses(await documentOf(app(false)), contract);
    expect(Object.keys(document.paths['/v2/widgets/{id}'].get.responses).filter((status) => status >= '400')).toEqual(['404', '405', '406', '500']);
  });

  it('changes nothing Elysia sends: the same success bytes, the same error status, type and body (extension members kept)', async () => {
    const [plain, documented] = [app(false), app(true)];
    const body = (text: string): RequestInit => ({ method: 'POST', headers: { ...json, 'content-type': 'application/json' }, body: text });
    const requests: Array<[string, RequestInit?]> = [
      ['/v2/widgets/7', { headers: json }],
      ['/v1/widgets', { headers: json }],
      ['/v2/widgets/8', { headers: json }],
      ['/v1/widgets/8', { headers: json }],
      ['/v2/returned/8', { headers: json }],
      ['/v1/returned/8', { headers: json }],
      ['/v2/bare', { headers: json }],
      ['/v2/widgets', body('{"name":"x"}')],
      ['/v1/widgets', body('{"name":"x"}')],
      ['/v2/widgets', body('{"title":"x"}')],
      ['/v2/widgets', body('{"name":')],
      ['/v2/widgets/8', { headers: { accept: 'text/html' } }],
      ['/v2/nothing', { headers: json }],
    ];
    for (const [path, init] of requests) {
      const [before, after] = await Promise.all([plain.handle(new Request(`http://localhost${path}`, init)), documented.handle(new Request(`http://localhost${path}`, init))]);
      const seen = async (response: Response) => ({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() });
      expect(await seen(after), `${init?.method ?? 'GET'} ${path}`).toEqual(await seen(before));
    }
    const missing = await documented.handle(new Request('http://localhost/v2/widgets/8', { headers: json }));
    expect(await missing.json()).toMatchObject({ code: 'not_found', detail: 'No widget 8.', requestId: 'r-1' });
    const found = await documented.handle(new Request('http://localhost/v2/widgets/7', { headers: json }));
    expect(await found.json()).toEqual({ id: '7', name: 'bolt' });
  });

  it('a status with several codes pins them all, with the headers they carry', () => {
    const catalogued = createErrorContract({ catalog: { widget_locked: { status: 409, title: 'Widget locked' } } });
    const responses = errorResponses(catalogued, { 401: ['unauthorized'], 409: ['conflict', 'widget_locked'] });
    expect(Object.keys(responses)).toEqual(['401', '409']);
    const schema = responses[409]['~standard'].jsonSchema.output();
    expect(schema).toMatchObject({ description: 'Conflict or Widget locked', properties: { code: { enum: ['conflict', 'widget_locked'] } } });
    // each call a fresh copy: a tool that changes what it is given changes nothing here
    expect(responses[409]['~standard'].jsonSchema.output()).not.toBe(schema);
    expect(responses[401].headers).toEqual({ 'WWW-Authenticate': { type: 'string', description: expect.any(String) } });
    expect(responses[409].headers).toBeUndefined();
    // a fixed shape wins over the path; without either, detailed
    expect(errorResponses(catalogued, { 404: ['not_found'] }, { shape: 'compact', path: '/v2/x' })[404]['~standard'].jsonSchema.output()).toHaveProperty('properties.errors.items.properties.code.enum', ['not_found']);
    expect(errorResponses(catalogued, { 404: ['not_found'] })[404]['~standard'].jsonSchema.output()).toHaveProperty('properties.code.enum', ['not_found']);
    // validation passes every value on as it is
    const value = { anything: true };
    expect(responses[409]['~standard'].validate(value)).toEqual({ value });
  });

  it('an unknown code, a code under another status than its own, or a status without codes is a TypeError naming it', () => {
    const catalogued = createErrorContract({ catalog: { widget_locked: { status: 409, title: 'Widget locked' } } });
    expect(() => errorResponses(catalogued, { 409: ['widget_lockd'] })).toThrow(/`widget_lockd`.*does not know/);
    expect(() => errorResponses(catalogued, { 404: ['widget_locked'] })).toThrow(/`widget_locked` under 404.*answers it with 409/);
    expect(() => errorResponses(catalogued, { 404: [] })).toThrow(/no codes under 404/);
  });
});
