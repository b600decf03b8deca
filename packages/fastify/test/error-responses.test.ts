// errorResponses(contract, codes) in a route's schema.response: @fastify/swagger documents the
// route's own codes, withErrorResponses over app.swagger() lists exactly what each route answers,
// and nothing Fastify sends changes: not a success's bytes, not an error's body.
import swagger from '@fastify/swagger';
import { conflict, createErrorContract, forbidden, notFound, type RequestLike } from '@error-contract/core';
import { withErrorResponses } from '@error-contract/core/openapi';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorContract, errorResponses } from '../src/index.js';

const shape = (request: RequestLike) => (request.path.startsWith('/v1/') ? 'compact' : 'detailed');
const contract = createErrorContract({ accept: 'strict', shape, extensions: () => ({ requestId: 'r-1' }) });
const WIDGET = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };

async function app(documented: boolean) {
  const fastify = Fastify();
  await fastify.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'Widgets', version: '1' } } });
  await fastify.register(errorContract, { contract });
  const errors = (codes: string[], path: string) => (documented ? errorResponses(contract, codes, { path }) : {});
  for (const prefix of ['/v1', '/v2']) {
    // `x-error-codes: []`: the list answers none of its own (a route without it may answer any)
    fastify.get(`${prefix}/widgets`, { schema: { 'x-error-codes': [], response: { 200: { type: 'array', items: WIDGET } } } as never }, async () => [{ id: '7', name: 'bolt', secret: 'not in the schema' }]);
    fastify.get(`${prefix}/widgets/:id`, { schema: { response: { 200: WIDGET, ...errors(['not_found'], `${prefix}/widgets/:id`) } } }, async (request) => {
      const { id } = request.params as { id: string };
      if (id !== '7') throw notFound(`No widget ${id}.`);
      return { id, name: 'bolt', secret: 'not in the schema' };
    });
    fastify.post(`${prefix}/widgets`, { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, response: { 201: WIDGET, ...errors(['forbidden'], `${prefix}/widgets`) } } }, async () => {
      throw forbidden('Only writers create widgets.');
    });
  }
  await fastify.ready();
  return fastify;
}

const json = { accept: 'application/json' };

describe('errorResponses(contract, codes, { path })', () => {
  it("documents the route's codes through @fastify/swagger, and withErrorResponses lists exactly what each route answers", async () => {
    const fastify = await app(true);
    const document = withErrorResponses(fastify.swagger() as Record<string, any>, contract, { bodyReaderResponses: true });
    const errors = (operation: { responses: Record<string, unknown> }) => Object.keys(operation.responses).filter((status) => status >= '400');
    expect(errors(document.paths['/v2/widgets'].get)).toEqual(['406', '500']);
    expect(errors(document.paths['/v2/widgets/{id}'].get)).toEqual(['404', '406', '500']);
    expect(errors(document.paths['/v2/widgets'].post)).toEqual(['400', '403', '406', '413', '415', '500']);
    // the route's own response, as @fastify/swagger wrote it: code pinned, in the path's shape
    expect(document.paths['/v2/widgets/{id}'].get.responses['404'].content['application/json'].schema.properties.code.enum).toEqual(['not_found']);
    expect(document.paths['/v1/widgets/{id}'].get.responses['404'].content['application/json'].schema.properties.errors.items.properties.code.enum).toEqual(['not_found']);
    await fastify.close();
  });

  it('changes nothing Fastify sends: the same success bytes, the same error bodies (extension members kept)', async () => {
    const [plain, documented] = await Promise.all([app(false), app(true)]);
    const requests = [
      { method: 'GET', url: '/v2/widgets/7', headers: json },
      { method: 'GET', url: '/v1/widgets', headers: json },
      { method: 'GET', url: '/v2/widgets/8', headers: json },
      { method: 'GET', url: '/v1/widgets/8', headers: json },
      { method: 'POST', url: '/v2/widgets', headers: { ...json, 'content-type': 'application/json' }, payload: '{"name":"x"}' },
      { method: 'GET', url: '/v2/widgets/8' },
    ] as const;
    for (const request of requests) {
      const [before, after] = await Promise.all([plain.inject(request), documented.inject(request)]);
      expect({ status: after.statusCode, type: after.headers['content-type'], body: after.body }, `${request.method} ${request.url}`).toEqual({ status: before.statusCode, type: before.headers['content-type'], body: before.body });
    }
    const missing = await documented.inject(requests[2]);
    expect(missing.json()).toMatchObject({ code: 'not_found', requestId: 'r-1' });
    await Promise.all([plain.close(), documented.close()]);
  });

  it('a status with several codes pins them all; an unknown code is a TypeError', () => {
    const catalogued = createErrorContract({ catalog: { widget_locked: { status: 409, title: 'Widget locked' } } });
    const responses = errorResponses(catalogued, ['conflict', 'widget_locked', 'unauthorized']);
    expect(Object.keys(responses)).toEqual(['401', '409']);
    expect(responses['409']!.content['application/json']!.schema).toMatchObject({ properties: { code: { enum: ['conflict', 'widget_locked'] } } });
    expect(responses['401']!.headers).toEqual({ 'WWW-Authenticate': { type: 'string', description: expect.any(String) } });
    expect(() => errorResponses(catalogued, ['widget_lockd'])).toThrow(/`widget_lockd`/);
  });
});

describe('checkDeclaredCodes on Fastify: a route answering a code it does not declare', () => {
  it('is logged once per route and code, from the route schema errorResponses wrote; the answer is unchanged', async () => {
    const warnings: string[] = [];
    const checked = createErrorContract({ checkDeclaredCodes: true, logger: { error: () => {}, warn: (_fields: unknown, message?: string) => warnings.push(message ?? '') } });
    const fastify = Fastify();
    await fastify.register(errorContract, { contract: checked });
    fastify.get('/widgets/:id', { schema: { response: { 200: WIDGET, ...errorResponses(checked, ['not_found']) } } }, async (request) => {
      const { id } = request.params as { id: string };
      if (id === 'locked') throw conflict('Widget locked is being edited.');
      throw notFound(`No widget ${id}.`);
    });
    fastify.get('/plain', async () => {
      throw conflict();
    });
    await fastify.ready();
    const locked = await fastify.inject({ url: '/widgets/locked', headers: json });
    await fastify.inject({ url: '/widgets/locked', headers: json });
    await fastify.inject({ url: '/widgets/8', headers: json });
    await fastify.inject({ url: '/plain', headers: json });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'conflict', detail: 'Widget locked is being edited.' });
    // once for the route and code; nothing for a declared code, nor for a route that declares nothing
    expect(warnings).toEqual(["error-contract: GET /widgets/:id answered 409 conflict, which the route does not declare (it declares: not_found). Add it to the route's declaration, or stop answering it."]);
    await fastify.close();
  });
});
