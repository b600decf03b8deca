// errorResponses(contract, { 404: ['not_found'] }, { path }) beside a route's successes: with
// @hono/zod-openapi (createRoute, the zod entry) and with hono-openapi (describeRoute, the main
// entry), withErrorResponses over the generated document lists exactly what each route answers,
// and nothing Hono sends changes: not a success's bytes, not an error's body or headers.
import { createErrorContract, type ErrorContract, forbidden, notFound, type RequestLike } from '@error-contract/core';
import { detailedProblemSchema, withErrorResponses } from '@error-contract/core/openapi';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, generateSpecs } from 'hono-openapi';
import { describe, expect, it } from 'vitest';
import { errorContract, errorResponses, type ErrorStatuses } from '../src/index.js';
import { errorResponses as zodErrorResponses } from '../src/zod-openapi.js';

const shape = (request: RequestLike) => (request.path.startsWith('/v1/') ? 'compact' : 'detailed');
const contract = createErrorContract({ accept: 'strict', shape, extensions: () => ({ requestId: 'r-1' }) });
const PREFIXES = ['/v1', '/v2'] as const;
const Widget = z.object({ id: z.string(), name: z.string() });
const WidgetInput = z.object({ name: z.string().min(1) });
const INFO = { openapi: '3.1.0', info: { title: 'Widgets', version: '1' } };

function withContract<App extends Hono<any, any, any>>(app: App): { app: App; errors: ReturnType<typeof errorContract> } {
  const errors = errorContract(app, contract);
  app.use(errors.middleware);
  app.onError(errors.onError);
  app.notFound(errors.notFound);
  return { app, errors };
}

/** The widgets routes with @hono/zod-openapi; `documented`: with their own error responses. */
function zodOpenApiApp(documented: boolean) {
  const { app, errors } = withContract(new OpenAPIHono());
  // every route's validators answer 400 `validation_failed` (a route's own hook must return its typed responses)
  app.defaultHook = errors.validationHook;
  for (const prefix of PREFIXES) {
    const own = <const Statuses extends ErrorStatuses>(statuses: Statuses, path: string) => (documented ? zodErrorResponses(contract, statuses, { path }) : {});
    // `x-error-codes: []`: the list answers none of its own (a route without any may answer any)
    app.openapi(createRoute({ method: 'get', path: `${prefix}/widgets`, 'x-error-codes': [], responses: { 200: { description: 'The widgets', content: { 'application/json': { schema: z.array(Widget) } } } } }), (c) =>
      c.json([{ id: '7', name: 'bolt' }], 200),
    );
    app.openapi(
      createRoute({
        method: 'get',
        path: `${prefix}/widgets/{id}`,
        request: { params: z.object({ id: z.string() }) },
        responses: { 200: { description: 'The widget', content: { 'application/json': { schema: Widget } } }, ...own({ 404: ['not_found'] }, `${prefix}/widgets/{id}`) },
      }),
      (c) => {
        const { id } = c.req.valid('param');
        if (id !== '7') throw notFound(`No widget ${id}.`);
        return c.json({ id, name: 'bolt' }, 200);
      },
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${prefix}/widgets`,
        middleware: [bodyLimit({ maxSize: 1024 })],
        request: { body: { required: true, content: { 'application/json': { schema: WidgetInput } } } },
        responses: { 201: { description: 'The created widget', content: { 'application/json': { schema: Widget } } }, ...own({ 403: ['forbidden'] }, `${prefix}/widgets`) },
      }),
      () => {
        throw forbidden('Only writers create widgets.');
      },
    );
  }
  return app;
}

/** The same routes with hono-openapi's describeRoute on a plain Hono app. */
function honoOpenApiApp(documented: boolean) {
  const { app, errors } = withContract(new Hono());
  for (const prefix of PREFIXES) {
    const own = (statuses: ErrorStatuses, path: string) => (documented ? errorResponses(contract, statuses, { path }) : {});
    // spread: hono-openapi's option type has no `x-` members, its document keeps them
    app.get(`${prefix}/widgets`, describeRoute({ ...{ 'x-error-codes': [] }, responses: { 200: { description: 'The widgets' } } }), (c) => c.json([{ id: '7', name: 'bolt' }]));
    app.get(`${prefix}/widgets/:id`, describeRoute({ responses: { 200: { description: 'The widget', content: { 'application/json': { schema: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } } } }, ...own({ 404: ['not_found'] }, `${prefix}/widgets/:id`) } }), (c) => {
      const id = c.req.param('id');
      if (id !== '7') throw notFound(`No widget ${id}.`);
      return c.json({ id, name: 'bolt' });
    });
    app.post(
      `${prefix}/widgets`,
      describeRoute({
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } },
        responses: { 201: { description: 'The created widget' }, ...own({ 403: ['forbidden'] }, `${prefix}/widgets`) },
      }),
      zValidator('json', WidgetInput, errors.validationHook),
      () => {
        throw forbidden('Only writers create widgets.');
      },
    );
  }
  return app;
}

const errorStatuses = (operation: { responses: Record<string, unknown> }) => Object.keys(operation.responses).filter((status) => status >= '400');
const codesIn = (schema: any): unknown => schema.properties.code?.enum ?? schema.properties.errors.items.properties.code.enum;

const json = { accept: 'application/json' };
const REQUESTS: [string, RequestInit][] = [
  ['/v2/widgets/7', { headers: json }],
  ['/v1/widgets', { headers: json }],
  ['/v2/widgets/8', { headers: json }],
  ['/v1/widgets/8', { headers: json }],
  ['/v2/widgets/8', { headers: { accept: 'application/problem+json' } }],
  ['/v2/widgets/8', {}],
  ['/v2/widgets', { method: 'DELETE', headers: json }],
  ['/v2/widgets', { method: 'POST', headers: { ...json, 'content-type': 'application/json' }, body: '{"name":"x"}' }],
  ['/v1/widgets', { method: 'POST', headers: { ...json, 'content-type': 'application/json' }, body: '{"name":""}' }],
  ['/v2/widgets', { method: 'POST', headers: { ...json, 'content-type': 'application/json' }, body: '{"name":' }],
  ['/v2/widgets', { method: 'POST', headers: { ...json, 'content-type': 'text/plain' }, body: 'bolt' }],
  ['/v2/widgets', { method: 'POST', headers: { ...json, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(2048) }) }],
];

/** What a client sees of an answer: status, headers and the body's bytes. */
async function seen(response: Response) {
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

describe('errorResponses(contract, statuses, { path }) of @error-contract/hono/zod-openapi, with @hono/zod-openapi', () => {
  it("createRoute documents the route's codes, and withErrorResponses lists exactly what each route answers", () => {
    const document = withErrorResponses(zodOpenApiApp(true).getOpenAPI31Document(INFO), contract, { bodyReaderResponses: true });
    expect(errorStatuses(document.paths['/v2/widgets'].get)).toEqual(['406', '500']);
    expect(errorStatuses(document.paths['/v2/widgets/{id}'].get)).toEqual(['404', '406', '500']);
    expect(errorStatuses(document.paths['/v2/widgets'].post)).toEqual(['400', '403', '406', '413', '415', '500']);
    expect(errorStatuses(document.paths['/v1/widgets/{id}'].get)).toEqual(['404', '406', '500']);
    // the route's own response, as zod-to-openapi wrote it: core's schema, code pinned, in the path's shape
    const detailed = document.paths['/v2/widgets/{id}'].get.responses['404'].content;
    expect(Object.keys(detailed)).toEqual(['application/problem+json', 'application/json']);
    expect(detailed['application/json'].schema).toEqual(detailedProblemSchema(['not_found']));
    expect(codesIn(document.paths['/v1/widgets/{id}'].get.responses['404'].content['application/json'].schema)).toEqual(['not_found']);
    expect(codesIn(document.paths['/v1/widgets'].post.responses['403'].content['application/json'].schema)).toEqual(['forbidden']);
  });

  it('its JSON Schema is the main entry one, and the zod schema reads the bodies the contract sends', async () => {
    const path = '/v1/widgets/{id}';
    const [plain, typed] = [errorResponses(contract, { 404: ['not_found'] }, { path }), zodErrorResponses(contract, { 404: ['not_found'] }, { path })];
    const document = zodOpenApiApp(true).getOpenAPI31Document(INFO);
    expect(document.paths![path]!.get!.responses!['404']).toEqual(plain[404]);
    const app = zodOpenApiApp(false);
    const compact = await (await app.request('/v1/widgets/8', { headers: json })).json();
    expect(typed[404].content['application/json'].schema.parse(compact)).toEqual(compact);
    const detailed = await (await app.request('/v2/widgets/8', { headers: json })).json();
    expect(zodErrorResponses(contract, { 404: ['not_found'] })[404].content['application/problem+json'].schema.parse(detailed)).toMatchObject({ code: 'not_found', requestId: 'r-1' });
    expect(zodErrorResponses(contract, { 403: ['forbidden'] })[403].content['application/json'].schema.safeParse(detailed).success).toBe(false);
  });

  it('changes nothing the app sends: the same status, headers and bytes, successes and errors', async () => {
    const [plain, documented] = [zodOpenApiApp(false), zodOpenApiApp(true)];
    for (const [path, init] of REQUESTS) {
      const [before, after] = await Promise.all([plain.request(path, init), documented.request(path, init)]);
      expect(await seen(after), `${init.method ?? 'GET'} ${path}`).toEqual(await seen(before));
    }
    const missing = await documented.request('/v2/widgets/8', { headers: json });
    expect(await missing.json()).toMatchObject({ code: 'not_found', requestId: 'r-1' });
    // the 415 and 413 the document lists (`bodyReaderResponses`): @hono/zod-openapi's media type gate, hono/body-limit
    const [media, size] = await Promise.all(REQUESTS.slice(-2).map(([path, init]) => documented.request(path, init)));
    expect([media!.status, size!.status]).toEqual([415, 413]);
  });
});

describe('errorResponses(contract, statuses, { path }) of @error-contract/hono, with hono-openapi', () => {
  it("describeRoute documents the route's codes, and withErrorResponses lists exactly what each route answers", async () => {
    const document = withErrorResponses(await generateSpecs(honoOpenApiApp(true), { documentation: INFO }), contract);
    expect(errorStatuses(document.paths['/v2/widgets'].get)).toEqual(['406', '500']);
    expect(errorStatuses(document.paths['/v2/widgets/{id}'].get)).toEqual(['404', '406', '500']);
    expect(errorStatuses(document.paths['/v2/widgets'].post)).toEqual(['400', '403', '406', '500']);
    expect(document.paths['/v2/widgets/{id}'].get.responses['404'].content['application/json'].schema).toEqual(detailedProblemSchema(['not_found']));
    expect(codesIn(document.paths['/v1/widgets/{id}'].get.responses['404'].content['application/json'].schema)).toEqual(['not_found']);
    // the contract's own 400 (`bad_request` or `validation_failed`), not one of hono-openapi's
    expect(document.paths['/v1/widgets'].post.responses['400']).toEqual({ $ref: '#/components/responses/bad_request-or-validation_failed.compact' });
  });

  it('changes nothing the app sends: the same status, headers and bytes, successes and errors', async () => {
    const [plain, documented] = [honoOpenApiApp(false), honoOpenApiApp(true)];
    for (const [path, init] of REQUESTS) {
      const [before, after] = await Promise.all([plain.request(path, init), documented.request(path, init)]);
      expect(await seen(after), `${init.method ?? 'GET'} ${path}`).toEqual(await seen(before));
    }
  });
});

describe('errorResponses(contract, statuses, options)', () => {
  it('a status with several codes pins them all, with the headers they carry; the list is checked against the contract', () => {
    const catalogued = createErrorContract({ catalog: { widget_locked: { status: 409, title: 'Widget locked' } } });
    const responses = errorResponses(catalogued, { 401: ['unauthorized'], 409: ['conflict', 'widget_locked'] });
    expect(Object.keys(responses)).toEqual(['401', '409']);
    expect(responses[409].description).toBe('Conflict or Widget locked');
    expect(codesIn(responses[409].content['application/json'].schema)).toEqual(['conflict', 'widget_locked']);
    expect(responses[401].headers).toEqual({ 'WWW-Authenticate': { description: expect.any(String), schema: { type: 'string' } } });
    expect(responses[409].headers).toBeUndefined();
    for (const entry of [errorResponses, zodErrorResponses] as ((contract: ErrorContract, statuses: ErrorStatuses) => unknown)[]) {
      expect(() => entry(catalogued, { 409: ['widget_lockd'] })).toThrow(new TypeError('error-contract: errorResponses names the code `widget_lockd`, which the contract does not know: add it to the catalog, or name a built-in code.'));
      expect(() => entry(catalogued, { 404: ['not_found', 'forbidden'] })).toThrow(/`forbidden` under 404, but the contract answers it with 403/);
      expect(() => entry(catalogued, { 404: [] })).toThrow(/no codes under 404/);
      expect(() => entry(catalogued, ['not_found'] as never)).toThrow(/by status/);
    }
  });

  it("the shape is the contract's for the path (Hono's `:id`, its regex, OpenAPI's `{id}`), or the one given", () => {
    const shapeOf = (responses: Record<number, { content: Record<string, unknown> }>) => (Object.keys(responses[404]!.content).length === 2 ? 'detailed' : 'compact');
    expect(shapeOf(errorResponses(contract, { 404: ['not_found'] }, { path: '/v1/widgets/:id{[0-9]+}' }))).toBe('compact');
    expect(shapeOf(errorResponses(contract, { 404: ['not_found'] }, { path: '/v1/widgets/{id}' }))).toBe('compact');
    expect(shapeOf(errorResponses(contract, { 404: ['not_found'] }, { path: '/v2/widgets/:id' }))).toBe('detailed');
    expect(shapeOf(errorResponses(contract, { 404: ['not_found'] }))).toBe('detailed');
    expect(shapeOf(errorResponses(contract, { 404: ['not_found'] }, { shape: 'compact' }))).toBe('compact');
    expect(shapeOf(zodErrorResponses(contract, { 404: ['not_found'] }, { path: '/v1/widgets/:id', shape: 'detailed' }))).toBe('detailed');
    expect(shapeOf(zodErrorResponses(contract, { 404: ['not_found'] }, null as never))).toBe('detailed');
  });
});
