import { describe, expect, it } from 'vitest';
import { readOpenApi } from '../src/openapi/document.js';
import { credentialHeaders, isSecured, jsonBodyOf, listOperations } from '../src/openapi/operations.js';
import { fillPath } from '../src/openapi/parameters.js';
import { objectSchemaOf, sampleOf } from '../src/openapi/sample.js';
import { serverPrefix } from '../src/openapi/servers.js';
import { widgetsDocument } from './openapi-servers.js';

const read = (raw: Record<string, unknown>, source = 'http://127.0.0.1:3000/openapi.json') => readOpenApi(JSON.stringify(raw), source);
const base = new URL('http://127.0.0.1:3000/');

describe('listOperations(doc, prefix)', () => {
  it('one per path and method, in order, with the path-level parameters, the body, the security and the path methods', () => {
    const operations = listOperations(read(widgetsDocument()), '/api');
    expect(operations.map((operation) => [operation.method, operation.url, operation.operationId, operation.pathMethods.join(',')])).toEqual([
      ['GET', '/api/widgets', 'listWidgets', 'GET,POST'],
      ['POST', '/api/widgets', 'createWidget', 'GET,POST'],
      ['GET', '/api/widgets/{id}', 'getWidget', 'GET,DELETE'],
      ['DELETE', '/api/widgets/{id}', 'deleteWidget', 'GET,DELETE'],
    ]);
    expect(operations[2]!.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }]);
    expect(operations[2]!.pointer).toBe('#/paths/~1widgets~1{id}/get');
    expect(jsonBodyOf(operations[1]!)).toMatchObject({ mediaType: 'application/json', required: true, otherTypes: [] });
    expect(jsonBodyOf(operations[0]!)).toBeUndefined();
  });

  it('security: the operation own, else the document; `{}` makes it optional; credential headers from the schemes', () => {
    const doc = read({
      openapi: '3.0.3',
      paths: {
        '/a': { get: { responses: {} }, post: { security: [], responses: {} }, put: { security: [{}, { key: [] }], responses: {} } },
        '/b': { get: { security: [{ key: [], cookieKey: [], queryKey: [] }], responses: {} }, parameters: [{ $ref: '#/components/parameters/tenant' }] },
      },
      security: [{ oauth: ['read'] }],
      components: {
        parameters: { tenant: { name: 'tenant', in: 'query', required: true, schema: { type: 'string', enum: ['t1', 't2'] } } },
        securitySchemes: { oauth: { type: 'oauth2', flows: {} }, key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, cookieKey: { type: 'apiKey', in: 'cookie', name: 'sid' }, queryKey: { type: 'apiKey', in: 'query', name: 'k' } },
      },
    });
    const [get, post, put, b] = listOperations(doc, '');
    expect([isSecured(get!), isSecured(post!), isSecured(put!), isSecured(b!)]).toEqual([true, false, false, true]);
    expect(credentialHeaders(doc, get!)).toEqual(['authorization']);
    expect(credentialHeaders(doc, b!)).toEqual(['x-api-key', 'cookie']);
    // a required query parameter is filled from its enum
    expect(fillPath(doc, b!)).toBe('/b?tenant=t1');
  });

  it('a `+json` body counts as JSON; a body in another type only does not', () => {
    const doc = read({ openapi: '3.1.0', paths: { '/p': { patch: { requestBody: { content: { 'application/merge-patch+json': { schema: {} }, 'text/plain': {} } }, responses: {} }, put: { requestBody: { content: { 'text/csv': {} } }, responses: {} } } } });
    // in the specification's order of methods: put before patch
    const [put, patch] = listOperations(doc, '');
    expect(jsonBodyOf(patch!)).toMatchObject({ mediaType: 'application/merge-patch+json', otherTypes: ['text/plain'] });
    expect(jsonBodyOf(put!)).toBeUndefined();
  });
});

describe('serverPrefix(doc, baseUrl)', () => {
  it.each([
    [undefined, '', undefined],
    [[{ url: '/api/v2/' }], '/api/v2', undefined],
    [[{ url: 'v2' }], '/v2', undefined],
    [[{ url: 'http://127.0.0.1:3000/api' }], '/api', undefined],
    [[{ url: 'https://api.example.com/{version}', variables: { version: { default: 'v3' } } }], '/v3', 'servers[0] names https://api.example.com; its paths are probed at http://127.0.0.1:3000'],
    [[{ url: 'https://{region}.example.com/{stage}', variables: { region: { enum: ['eu'] } } }], '', 'servers[0].url "https://eu.example.com/{stage}" has a variable without a default: paths are read from the origin'],
  ])('servers %j -> %j', (servers, prefix, note) => {
    const doc = read({ openapi: '3.1.0', paths: {}, ...(servers === undefined ? {} : { servers }) });
    expect(serverPrefix(doc, base)).toEqual(note === undefined ? { prefix } : { prefix, note });
  });

  it('a relative server URL is read against the document URL; a document from a file against the base URL', () => {
    expect(serverPrefix(read({ openapi: '3.1.0', paths: {}, servers: [{ url: 'v1' }] }, 'http://127.0.0.1:3000/docs/openapi.json'), base).prefix).toBe('/docs/v1');
    expect(serverPrefix(read({ openapi: '3.1.0', paths: {}, servers: [{ url: 'v1' }] }, './openapi.json'), new URL('http://127.0.0.1:3000/api/')).prefix).toBe('/api/v1');
  });
});

describe('values from schemas', () => {
  const doc = read(widgetsDocument());

  it('fillPath: the parameter example, else its schema example, else a value of its type', () => {
    const with_ = (schema: object, extra: object = {}) => fillPath(doc, { url: '/w/{id}', parameters: [{ name: 'id', in: 'path', schema, ...extra }] });
    expect(with_({ type: 'integer' }, { example: 7 })).toBe('/w/7');
    expect(with_({ type: 'string' }, { examples: { one: { value: 'abc' } } })).toBe('/w/abc');
    expect(with_({ type: 'string', example: 'w 1' })).toBe('/w/w%201');
    expect(with_({ type: 'string', format: 'uuid' })).toBe('/w/00000000-0000-4000-8000-000000000001');
    expect(with_({ type: 'integer', minimum: 10 })).toBe('/w/10');
    expect(with_({ type: 'string' })).toBe('/w/1');
    expect(fillPath(doc, { url: '/w/{undeclared}', parameters: [] })).toBe('/w/1');
  });

  it('sampleOf: required properties only, bounds kept, references, allOf, oneOf and 3.1 type lists followed', () => {
    expect(sampleOf(doc, { $ref: '#/components/schemas/WidgetInput' })).toEqual({ name: 'x' });
    expect(sampleOf(doc, { type: 'string', minLength: 3, maxLength: 5 })).toBe('xxx');
    expect(sampleOf(doc, { type: ['null', 'number'], exclusiveMinimum: 0, maximum: 0.5 })).toBe(0.5);
    expect(sampleOf(doc, { type: 'array', minItems: 2, items: { type: 'boolean' } })).toEqual([true, true]);
    expect(sampleOf(doc, { allOf: [{ $ref: '#/components/schemas/WidgetInput' }, { required: ['size'], properties: { size: { enum: ['s', 'm'] } } }] })).toEqual({ name: 'x', size: 's' });
    expect(sampleOf(doc, { oneOf: [{ type: 'integer' }, { type: 'string' }] })).toBe(1);
    expect(objectSchemaOf(doc, { $ref: '#/components/schemas/WidgetInput' })?.required).toEqual(['name']);
    expect(objectSchemaOf(doc, { type: 'string' })).toBeUndefined();
  });
});
