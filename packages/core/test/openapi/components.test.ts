import { describe, expect, it } from 'vitest';
import { createErrorContract, notFound } from '../../src/index.js';
import { errorComponents, withErrorResponses, knownCodes, responseName, SPEC_CODES, SPEC_STATUSES } from '../../src/openapi/index.js';
import { acceptPolicyOf, shapeAt, typeBaseOf } from '../../src/adapter.js';
import { expectValidOpenApi, schemaValidator } from './helpers.js';

const catalog = { widget_locked: { status: 409, title: 'Widget locked', detail: 'Someone else is editing the widget.' } } as const;
const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', catalog });

describe('errorComponents(contract)', () => {
  const fragment = errorComponents(contract);
  const { schemas, responses, headers } = fragment.components;

  it('is a valid OpenAPI 3.1 fragment', async () => {
    await expectValidOpenApi({ openapi: '3.1.0', info: { title: 'errors', version: '1' }, paths: {}, components: fragment.components });
  });

  it('lists every built-in code and every catalog code in both schemas', () => {
    const detailedCodes = (schemas.DetailedProblem as any).properties.code.enum as string[];
    const compactCodes = (schemas.CompactErrors as any).properties.errors.items.properties.code.enum as string[];
    for (const code of [...SPEC_CODES, 'conflict', 'widget_locked']) expect(detailedCodes).toContain(code);
    expect(compactCodes).toEqual(detailedCodes);
  });

  it('has one response per code and shape, titled, with the headers the code carries', () => {
    for (const code of [...SPEC_CODES, 'widget_locked']) {
      expect(responses[responseName(code, 'detailed')]).toBeDefined();
      expect(responses[responseName(code, 'compact')]).toBeDefined();
    }
    expect(responses.widget_locked!.description).toBe('Widget locked');
    expect(responses.not_found!.description).toBe('Not Found');
    expect(responses.method_not_allowed!.headers).toEqual({ Allow: { $ref: '#/components/headers/Allow' } });
    expect(responses.too_many_requests!.headers).toEqual({ 'Retry-After': { $ref: '#/components/headers/Retry-After' } });
    expect(responses.unauthorized!.headers).toEqual({ 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } });
    expect(Object.keys(headers)).toEqual(['Allow', 'Retry-After', 'WWW-Authenticate']);
  });

  it('offers application/problem+json only for the detailed shape', () => {
    expect(Object.keys(responses.not_found!.content as object)).toEqual(['application/problem+json', 'application/json']);
    expect(Object.keys(responses['not_found.compact']!.content as object)).toEqual(['application/json']);
  });

  it('every example is rendered by core and validates against its schema', () => {
    const check = schemaValidator(fragment);
    for (const [name, response] of Object.entries(responses)) {
      for (const media of Object.values(response.content as Record<string, { schema: { $ref: string }; example: unknown }>)) {
        const verdict = check(media.schema.$ref, media.example);
        expect(verdict.valid, `${name}: ${verdict.errors}`).toBe(true);
      }
    }
    expect((responses.widget_locked!.content as any)['application/json'].example).toEqual({
      type: 'https://docs.example.com/errors/widget_locked',
      title: 'Widget locked',
      status: 409,
      detail: 'Someone else is editing the widget.',
      instance: '/widgets/7',
      code: 'widget_locked',
    });
    expect((responses['validation_failed.compact']!.content as any)['application/json'].example).toEqual({
      errors: [{ code: 'validation_failed', message: 'name must be a string of 1 to 50 characters' }],
    });
  });

  it('the schemas reject what the renderer never writes', () => {
    const check = schemaValidator(fragment);
    const detailed = '#/components/schemas/DetailedProblem';
    const good = { type: 'https://docs.example.com/errors/not_found', title: 'Not Found', status: 404, detail: 'x', instance: '/a', code: 'not_found' };
    expect(check(detailed, good).valid).toBe(true);
    expect(check(detailed, { ...good, requestId: 'extensions are allowed' }).valid).toBe(true);
    expect(check(detailed, { ...good, status: 200 }).valid).toBe(false);
    expect(check(detailed, { ...good, code: 'NotACode' }).valid).toBe(false);
    expect(check(detailed, { ...good, type: 'not a uri' }).valid).toBe(false);
    expect(check(detailed, { ...good, errors: [] }).valid).toBe(false);
    const compact = '#/components/schemas/CompactErrors';
    expect(check(compact, { errors: [] }).valid).toBe(false);
    expect(check(compact, { errors: [{ code: 'not_found', message: 'x', extra: 1 }] }).valid).toBe(false);
  });

  it("{ shape: 'compact' } makes compact responses only", () => {
    const only = errorComponents(contract, { shape: 'compact' }).components.responses;
    expect(Object.keys(only).every((name) => name.endsWith('.compact'))).toBe(true);
  });

  it('a wrong shape is a TypeError', () => {
    expect(() => errorComponents(contract, { shape: 'xml' as never })).toThrow(TypeError);
  });

  it('without typeBaseUrl the examples say about:blank', () => {
    const plain = errorComponents(createErrorContract(), { shape: 'detailed' }).components.responses;
    expect((plain.not_found!.content as any)['application/json'].example.type).toBe('about:blank');
  });
});

describe('catalog texts given per language', () => {
  it('knownCodes states the titles the contract sends: a translation for the default language over core’s own', () => {
    const contract = createErrorContract({ languages: ['en', 'de'], translations: { en: { not_found: { title: 'No such thing' } } } });
    expect(knownCodes(contract).get('not_found')!.title).toBe('No such thing');
    const sent = JSON.parse(contract.respond(notFound(), { method: 'GET', path: '/x', headers: {} }).body!);
    expect(sent.title).toBe('No such thing');
  });

  it('knownCodes reads a localized catalog in the contract’s default language', () => {
    const catalog = { widget_locked: { status: 409, title: { en: 'Widget locked', de: 'Widget gesperrt' }, detail: { en: 'Being edited.', de: 'Wird bearbeitet.' } } } as const;
    const german = createErrorContract({ languages: ['de', 'en'], catalog });
    expect(knownCodes(german).get('widget_locked')).toEqual({ code: 'widget_locked', status: 409, title: 'Widget gesperrt', detail: 'Wird bearbeitet.', builtin: false });
  });

  it('the documents read the options the contract was made with, not a guess from what it renders', () => {
    // a catalog `type` of its own for not_found once made the type base unreadable from a body
    const contract = createErrorContract({
      typeBaseUrl: 'https://docs.example.com/errors/',
      accept: 'json',
      validationStatus: 422,
      shape: (request) => (request.path.startsWith('/v1/') ? 'compact' : 'detailed'),
      catalog: { not_found: { status: 404, type: 'https://elsewhere.example/nf' } },
    });
    expect(typeBaseOf(contract)).toBe('https://docs.example.com/errors/');
    expect(acceptPolicyOf(contract)).toBe('json');
    expect([shapeAt(contract, '/v1/widgets'), shapeAt(contract, '/v2/widgets')]).toEqual(['compact', 'detailed']);
    expect(knownCodes(contract).get('validation_failed')).toMatchObject({ status: 422, builtin: true });
    expect(knownCodes(contract).get('not_found')).toMatchObject({ type: 'https://elsewhere.example/nf', builtin: false });
    expect(() => knownCodes({ catalog: {} } as never)).toThrow(/made by createErrorContract/);
  });

  it('examples have the contract’s validation status and no trace id', () => {
    const contract = createErrorContract({ traceId: true, validationStatus: 422 });
    const example = (errorComponents(contract).components.responses.validation_failed!.content as any)['application/json'].example;
    expect(example).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(example).not.toHaveProperty('traceId');
  });

  it('examples run no extensions hook and carry no stack, whatever the contract exposes per request', () => {
    let calls = 0;
    const contract = createErrorContract({ exposeInternalErrors: true, extensions: () => (calls++, { requestId: 'req-1' }) });
    const responses = errorComponents(contract).components.responses;
    const example = (name: string) => (responses[name]!.content as any)['application/json'].example;
    expect(example('internal_server_error')).not.toHaveProperty('stack');
    expect(example('not_found')).not.toHaveProperty('requestId');
    expect(calls).toBe(0);
  });
});

describe('knownCodes states the status the contract sends', () => {
  it.each([
    ['every status', {}],
    ['the spec statuses only', { statuses: SPEC_STATUSES }],
    ['422 for validation', { statuses: [...SPEC_STATUSES, 422], validationStatus: 422 as const }],
  ])('with %s, each documented code has the status of its response', (_name, options) => {
    const limited = createErrorContract({ catalog: { ...catalog, widget_gone: { status: 410 } }, onError: () => {}, ...options });
    for (const [code, known] of knownCodes(limited)) {
      const sent = limited.respond(limited.error(code as never), { method: 'GET', path: '/x', headers: {} });
      expect({ code, status: known.status, title: known.title }).toEqual({ code, status: sent.status, title: JSON.parse(sent.body!).title });
    }
  });
});

it('errorComponents and withErrorResponses take null options (plain JavaScript) as none', () => {
  expect(errorComponents(contract, null as never)).toEqual(errorComponents(contract));
  const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/w': { get: { responses: { '200': { description: 'ok' } } } } } };
  expect(withErrorResponses(structuredClone(document), contract, null as never)).toEqual(withErrorResponses(structuredClone(document), contract));
});
