import { describe, expect, it } from 'vitest';
import { createErrorContract, type RequestLike } from '../../src/index.js';
import { withErrorResponses } from '../../src/openapi/index.js';
import { expectValidOpenApi } from './helpers.js';

const shapeFor = (request: RequestLike) => (request.path.startsWith('/v1/') ? 'compact' : 'detailed');
const strict = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', shape: shapeFor });
const lenient = createErrorContract();

function document(extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 'Widgets', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/v2/widgets': {
        get: { responses: { '200': { description: 'The widgets' } } },
        post: {
          security: [{ bearer: [] }],
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          responses: { '201': { description: 'Created' }, '404': { description: 'Our own 404' } },
        },
      },
      '/v1/widgets/{id}': {
        get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'A widget' } } },
      },
    },
    ...extra,
  };
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

describe('withErrorResponses(document, contract, options)', () => {
  it('lists what goes out instead where the contract\'s statuses leave a code\'s own out (401, 403, 405 and 406 are sent as 400 bad_request)', () => {
    const narrow = createErrorContract({ accept: 'strict', statuses: [400, 404, 500] });
    const out = withErrorResponses(document(), narrow);
    expect(Object.keys(out.paths['/v2/widgets'].post.responses).sort()).toEqual(['201', '400', '404', '500']);
    expect(out.paths['/v2/widgets'].post.responses['400']).toEqual(ref('bad_request-or-validation_failed'));
    expect(Object.keys(out.paths['/v2/widgets'].get.responses).sort()).toEqual(['200', '400', '404', '500']);
    expect(out.paths['/v2/widgets'].get.responses['400']).toEqual(ref('bad_request'));
  });

  it('adds 404, 405, 406 (strict Accept) and 500 everywhere, 400 where there is a body, 401/403 where security is declared', async () => {
    const out = withErrorResponses(document(), strict);
    await expectValidOpenApi(out);
    const get = out.paths['/v2/widgets'].get.responses;
    expect(Object.keys(get).sort()).toEqual(['200', '404', '405', '406', '500']);
    expect(get['404']).toEqual(ref('not_found'));
    const post = out.paths['/v2/widgets'].post.responses;
    expect(Object.keys(post).sort()).toEqual(['201', '400', '401', '403', '404', '405', '406', '500']);
    expect(post['400']).toEqual(ref('bad_request-or-validation_failed'));
    expect(post['401']).toEqual(ref('unauthorized'));
  });

  it('never replaces a response the document declares', () => {
    const out = withErrorResponses(document(), strict);
    expect(out.paths['/v2/widgets'].post.responses['404']).toEqual({ description: 'Our own 404' });
  });

  it('refers to the shape the contract answers each path with', () => {
    const out = withErrorResponses(document(), strict);
    expect(out.paths['/v1/widgets/{id}'].get.responses['404']).toEqual(ref('not_found.compact'));
    expect(out.components.responses['not_found.compact'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CompactErrors.not_found' });
  });

  it('adds only the components it refers to, keeps the document\'s own, and leaves the input untouched', () => {
    const input = document();
    input.components = { ...input.components, responses: { not_found: { description: 'mine' } } } as never;
    const before = JSON.stringify(input);
    const out = withErrorResponses(input, strict);
    expect(JSON.stringify(input)).toBe(before);
    expect(out.components.responses.not_found).toEqual({ description: 'mine' });
    expect(out.components.responses.too_many_requests).toBeUndefined();
    expect(out.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
  });

  it("a response the document refers to by the contract's name gets its component", async () => {
    const input = document();
    (input.paths['/v2/widgets'].post.responses as Record<string, unknown>)['413'] = ref('payload_too_large');
    const out = withErrorResponses(input, strict);
    await expectValidOpenApi(out);
    expect(out.components.responses.payload_too_large.description).toBe('Payload Too Large');
  });

  it('no 406 when the contract refuses nothing by Accept', () => {
    const out = withErrorResponses(document(), lenient);
    expect(out.paths['/v2/widgets'].get.responses['406']).toBeUndefined();
  });

  it("a 406 with accept: 'json' too", () => {
    const out = withErrorResponses(document(), createErrorContract({ accept: 'json' }));
    expect(out.paths['/v2/widgets'].get.responses['406']).toEqual(ref('not_acceptable'));
  });

  it('document-level security applies to every operation; security: [] opts one out', async () => {
    const input = document({ security: [{ bearer: [] }] });
    (input.paths['/v1/widgets/{id}'].get as Record<string, unknown>).security = [];
    const out = withErrorResponses(input, strict);
    await expectValidOpenApi(out);
    expect(out.paths['/v2/widgets'].get.responses['401']).toEqual(ref('unauthorized'));
    expect(out.paths['/v1/widgets/{id}'].get.responses['401']).toBeUndefined();
  });

  it('{ rateLimited: true } adds 429; { securityResponses: false } leaves 401/403 out; validatedBodies all/none', () => {
    const out = withErrorResponses(document(), strict, { rateLimited: true, securityResponses: false, validatedBodies: 'all' });
    expect(out.paths['/v2/widgets'].get.responses['429']).toEqual(ref('too_many_requests'));
    expect(out.paths['/v2/widgets'].get.responses['400']).toEqual(ref('validation_failed'));
    expect(out.paths['/v2/widgets'].post.responses['401']).toBeUndefined();
    const none = withErrorResponses(document(), strict, { validatedBodies: 'none' });
    expect(none.paths['/v2/widgets'].post.responses['400']).toBeUndefined();
  });

  it('{ bodyReaderResponses: true } adds 413 and 415 where a body is read, with their components; an author\'s own 413 is kept', async () => {
    const out = withErrorResponses(document(), strict, { bodyReaderResponses: true });
    expect(out.paths['/v2/widgets'].post.responses['413']).toEqual(ref('payload_too_large'));
    expect(out.paths['/v2/widgets'].post.responses['415']).toEqual(ref('unsupported_media_type'));
    expect(out.paths['/v2/widgets'].get.responses['413']).toBeUndefined();
    expect(Object.keys(out.components.responses)).toEqual(expect.arrayContaining(['payload_too_large', 'unsupported_media_type']));
    expect(withErrorResponses(document(), strict).components.responses.payload_too_large).toBeUndefined();
    const own = document();
    (own.paths['/v2/widgets'].post.responses as Record<string, unknown>)['413'] = { description: 'Ours' };
    expect(withErrorResponses(own, strict, { bodyReaderResponses: true }).paths['/v2/widgets'].post.responses['413']).toEqual({ description: 'Ours' });
    await expectValidOpenApi(out);
  });

  it('{ shape } fixes the shape; servers\' path prefixes count when the contract chooses by path', () => {
    expect(withErrorResponses(document(), strict, { shape: 'compact' }).paths['/v2/widgets'].get.responses['404']).toEqual(ref('not_found.compact'));
    const served = { ...document(), servers: [{ url: 'https://api.example.com/v1/' }], paths: { '/widgets': { get: { responses: { '200': { description: 'ok' } } } } } };
    expect(withErrorResponses(served, strict).paths['/widgets'].get.responses['404']).toEqual(ref('not_found.compact'));
  });

  it('works on an OpenAPI 3.0 document', async () => {
    const out = withErrorResponses({ ...document(), openapi: '3.0.3' }, strict);
    await expectValidOpenApi(out);
  });

  it('a wrong option is a TypeError', () => {
    expect(() => withErrorResponses(document(), strict, { validatedBodies: 'some' as never })).toThrow(TypeError);
    expect(() => withErrorResponses(document(), strict, { shape: 'xml' as never })).toThrow(TypeError);
  });
});
