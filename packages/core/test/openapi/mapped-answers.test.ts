// What the `map` option's presets can answer with is documented like every other code: in the
// OpenAPI responses (409 on writes, 503 and 401 everywhere) and as a docs page per code.
import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { documentedCodes, withErrorResponses } from '../../src/openapi/index.js';
import { errorDocs } from '../../src/docs/index.js';
import { jwtErrors, postgresErrors, prismaErrors, redisErrors, upstreamErrors } from '../../src/presets/index.js';
import { expectValidOpenApi } from './helpers.js';

const mapped = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', map: [prismaErrors(), postgresErrors(), jwtErrors()] });
const plain = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/' });

const document = {
  openapi: '3.1.0',
  info: { title: 'Widgets', version: '1' },
  paths: {
    '/widgets': {
      get: { responses: { '200': { description: 'The widgets' } } },
      post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } }, responses: { '201': { description: 'Created' } } },
    },
  },
};

describe('the presets in the documents', () => {
  it('documentedCodes adds conflict and service_unavailable once, before the catalog', () => {
    const codes = documentedCodes(mapped).map((known) => known.code);
    expect(codes).toEqual(expect.arrayContaining(['conflict', 'service_unavailable', 'unauthorized']));
    expect(codes.filter((code) => code === 'conflict')).toHaveLength(1);
    expect(documentedCodes(plain).map((known) => known.code)).not.toContain('conflict');
  });

  it('withErrorResponses: 409 on writes only, 503 and 401 on every operation; each status with every code it may carry', async () => {
    const out = withErrorResponses(document, mapped);
    const { get, post } = out.paths['/widgets'];
    expect(post.responses['409']).toEqual({ $ref: '#/components/responses/conflict' });
    expect(get.responses['409']).toBeUndefined();
    expect(get.responses['503']).toEqual({ $ref: '#/components/responses/service_unavailable' });
    expect(get.responses['401']).toEqual({ $ref: '#/components/responses/unauthorized' });
    // the 400 of a body: JSON that does not parse, and a body that does not validate
    expect(post.responses['400']).toEqual({ $ref: '#/components/responses/bad_request-or-validation_failed' });
    expect(withErrorResponses(document, plain).paths['/widgets'].post.responses['409']).toBeUndefined();
    await expectValidOpenApi(out);
  });

  it('errorDocs serves a page for each mapped code, with its guidance', () => {
    const docs = errorDocs(mapped);
    const conflict = docs('/errors/conflict', 'application/json')!;
    expect(conflict.status).toBe(200);
    expect(JSON.parse(conflict.body!)).toMatchObject({ code: 'conflict', status: 409 });
    expect(conflict.body).toContain('a record with the same unique value exists');
    expect(docs('/errors/service_unavailable', 'text/html')!.body).toContain('Retry-After');
  });

  it('upstreamErrors and redisErrors: 502, 503 and 504 on every operation, each with its page and guidance', async () => {
    const gateway = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', map: [redisErrors(), upstreamErrors()] });
    expect(documentedCodes(gateway).map((known) => known.code)).toEqual(expect.arrayContaining(['service_unavailable', 'bad_gateway', 'gateway_timeout']));
    const out = withErrorResponses(document, gateway);
    for (const operation of [out.paths['/widgets'].get, out.paths['/widgets'].post]) {
      expect(operation.responses['502']).toEqual({ $ref: '#/components/responses/bad_gateway' });
      expect(operation.responses['503']).toEqual({ $ref: '#/components/responses/service_unavailable' });
      expect(operation.responses['504']).toEqual({ $ref: '#/components/responses/gateway_timeout' });
    }
    expect(withErrorResponses(document, plain).paths['/widgets'].get.responses['502']).toBeUndefined();
    await expectValidOpenApi(out);
    const docs = errorDocs(gateway);
    expect(JSON.parse(docs('/errors/bad_gateway', 'application/json')!.body!)).toMatchObject({ code: 'bad_gateway', status: 502 });
    expect(docs('/errors/bad_gateway', 'text/html')!.body).toContain('got no usable answer from it');
    expect(docs('/errors/gateway_timeout', 'text/html')!.body).toContain('did not answer in time');
  });
});
