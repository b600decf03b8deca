// An operation that names its own codes (`x-error-codes`) lists exactly what it answers: those
// codes and what the contract answers for it, each status with `code` pinned.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { createErrorContract, notFound, problems, type RequestLike } from '../../src/index.js';
import { ERROR_CODES_EXTENSION, operationErrorCodes, routeErrorStatuses, UNMATCHED_EXTENSION, withErrorResponses } from '../../src/openapi/index.js';
import { CONTRACT_OWN } from '../../src/observability/undeclared-code.js';
import { expectValidOpenApi } from './helpers.js';

const shapeFor = (request: RequestLike) => (request.path.startsWith('/v1/') ? 'compact' : 'detailed');
const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', accept: 'strict', rejectMalformedPath: true, shape: shapeFor, catalog: { widget_locked: { status: 409, title: 'Widget locked' } } });

const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
function widgets(prefix: string) {
  return {
    [`${prefix}/widgets`]: {
      // `[]`: it answers none of its own (an operation without the extension may answer any)
      get: { [ERROR_CODES_EXTENSION]: [], responses: { '200': { description: 'The widgets' } } },
      post: {
        [ERROR_CODES_EXTENSION]: ['forbidden'],
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '201': { description: 'Created' } },
      },
    },
    [`${prefix}/widgets/{id}`]: {
      get: { [ERROR_CODES_EXTENSION]: ['not_found'], parameters: [id], responses: { '200': { description: 'A widget' } } },
      delete: { [ERROR_CODES_EXTENSION]: ['forbidden', 'not_found', 'widget_locked'], parameters: [id], responses: { '204': { description: 'Deleted' } } },
    },
  };
}
const document = (paths = { ...widgets('/v1'), ...widgets('/v2') }) => ({
  openapi: '3.1.0',
  info: { title: 'Widgets', version: '1' },
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  paths,
});
const options = { rateLimited: true, bodyReaderResponses: true } as const;
const statuses = (operation: { responses: Record<string, unknown> }) => Object.keys(operation.responses).filter((status) => status >= '400');
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

describe("withErrorResponses with each operation's declared codes", () => {
  const out = withErrorResponses(document(), contract, options);

  it('lists exactly the declared codes and what the contract answers: no 404 on the list, no 405 and no 403 where undeclared', async () => {
    await expectValidOpenApi(out);
    const list = out.paths['/v2/widgets'].get;
    expect(statuses(list)).toEqual(['400', '401', '406', '429', '500']);
    // 400: the contract refuses a path that does not decode (rejectMalformedPath)
    expect(list.responses['400']).toEqual(ref('bad_request'));
    expect(statuses(out.paths['/v2/widgets/{id}'].get)).toEqual(['400', '401', '404', '406', '429', '500']);
    expect(statuses(out.paths['/v2/widgets'].post)).toEqual(['400', '401', '403', '406', '413', '415', '429', '500']);
    expect(out.paths['/v2/widgets'].post.responses['400']).toEqual(ref('bad_request-or-validation_failed'));
    expect(statuses(out.paths['/v2/widgets/{id}'].delete)).toEqual(['400', '401', '403', '404', '406', '409', '429', '500']);
    expect(out.paths['/v2/widgets/{id}'].delete.responses['409']).toEqual(ref('widget_locked'));
  });

  it("pins `code` in each status's schema: a const per code, a oneOf where a status has several", () => {
    const { schemas, responses } = out.components;
    expect(schemas['DetailedProblem.not_found']).toEqual({ allOf: [{ $ref: '#/components/schemas/DetailedProblem' }], type: 'object', required: ['code'], properties: { code: { type: 'string', const: 'not_found' } } });
    expect(schemas['CompactErrors.not_found'].properties.errors.items.properties.code).toMatchObject({ type: 'string', const: 'not_found' });
    expect(responses['bad_request-or-validation_failed'].content['application/json'].schema).toEqual({ oneOf: [{ $ref: '#/components/schemas/DetailedProblem.bad_request' }, { $ref: '#/components/schemas/DetailedProblem.validation_failed' }] });
    expect(responses['bad_request-or-validation_failed.compact'].content).toEqual({ 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/CompactErrors.bad_request' }, { $ref: '#/components/schemas/CompactErrors.validation_failed' }] } } });
    expect(out.paths['/v1/widgets/{id}'].get.responses['404']).toEqual(ref('not_found.compact'));
  });

  it("the bodies the contract sends validate against their status's schema, and a body of another code does not", () => {
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
    ajv.addSchema({ ...out, $id: 'https://doc.test/' });
    const schemaOf = (name: string, media: string) => ajv.getSchema(`https://doc.test/#/components/responses/${name.replaceAll('/', '~1')}/content/${media.replace('/', '~1')}/schema`)!;
    const body = (error: unknown, path: string) => JSON.parse(contract.respond(error, { method: 'GET', path, headers: { accept: 'application/json' } }).body!);
    expect(schemaOf('not_found', 'application/json')(body(notFound('No widget 7.'), '/v2/widgets/7'))).toBe(true);
    expect(schemaOf('not_found.compact', 'application/json')(body(notFound('No widget 7.'), '/v1/widgets/7'))).toBe(true);
    expect(schemaOf('not_found', 'application/json')(body(contract.error('widget_locked'), '/v2/widgets/7'))).toBe(false);
    const fields = problems.validationFailed([{ field: 'name', detail: 'name is required' }]);
    expect(schemaOf('bad_request-or-validation_failed', 'application/json')(body(fields, '/v2/widgets'))).toBe(true);
    expect(schemaOf('bad_request-or-validation_failed.compact', 'application/json')(body(fields, '/v1/widgets'))).toBe(true);
    expect(schemaOf('bad_request-or-validation_failed', 'application/json')(body(notFound(), '/v2/widgets'))).toBe(false);
  });

  it('carries the headers the contract sends: WWW-Authenticate on 401, Retry-After on 429', () => {
    expect(out.components.responses.unauthorized.headers).toEqual({ 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } });
    expect(out.components.responses.too_many_requests.headers).toEqual({ 'Retry-After': { $ref: '#/components/headers/Retry-After' } });
  });

  it('documents 404 and 405 (with Allow) once, for requests that match no operation, in every shape the paths answer in', () => {
    const unmatched = out[UNMATCHED_EXTENSION];
    expect(Object.keys(unmatched)).toEqual(['404', '405']);
    expect(unmatched['405'].headers).toEqual({ Allow: { $ref: '#/components/headers/Allow' } });
    expect(unmatched['404'].content['application/json'].schema).toEqual({ anyOf: [{ $ref: '#/components/schemas/CompactErrors.not_found' }, { $ref: '#/components/schemas/DetailedProblem.not_found' }] });
    expect(out.components.schemas['DetailedProblem.method_not_allowed']).toBeDefined();
  });

  it('clientErrorResponses lists the refusals of Node\'s parser on every operation: 408, 417 and 431', () => {
    const node = withErrorResponses(document(), contract, { ...options, clientErrorResponses: true });
    expect(statuses(node.paths['/v2/widgets'].get)).toEqual(['400', '401', '406', '408', '417', '429', '431', '500']);
    expect(node.paths['/v2/widgets'].get.responses['431']).toEqual(ref('request_header_fields_too_large'));
  });

  it('an operation without declarations keeps every code it may answer', () => {
    const { get } = withErrorResponses(document({ '/v2/things': { get: { responses: { '200': { description: 'ok' } } } } } as never), contract).paths['/v2/things'];
    expect(statuses(get)).toEqual(['400', '401', '403', '404', '405', '406', '500']);
  });

  it('uses a one-member enum for OpenAPI 3.0, which has no const', async () => {
    const old = withErrorResponses({ ...document(), openapi: '3.0.3' }, contract, options);
    await expectValidOpenApi(old);
    expect(old.components.schemas['DetailedProblem.not_found'].properties.code).toEqual({ type: 'string', enum: ['not_found'] });
  });

  it('a code the contract does not know, or a declaration that is not a list of codes, is a TypeError naming the operation', () => {
    const wrong = document({ '/v2/x': { get: { [ERROR_CODES_EXTENSION]: ['not_fond'], responses: {} } } } as never);
    expect(() => withErrorResponses(wrong, contract)).toThrow(/GET \/v2\/x declares the code `not_fond`/);
    const notList = document({ '/v2/x': { get: { [ERROR_CODES_EXTENSION]: 'not_found', responses: {} } } } as never);
    expect(() => withErrorResponses(notList, contract)).toThrow(/`x-error-codes` of GET \/v2\/x must be an array/);
  });
});

describe('operationErrorCodes(contract, facts, options)', () => {
  it('gives the same codes as the document, by status', () => {
    const codes = operationErrorCodes(contract, { method: 'delete', secured: true, hasBody: false, declared: ['forbidden', 'not_found'] }, options);
    expect(Object.fromEntries(codes)).toEqual({
      400: ['bad_request'],
      401: ['unauthorized'],
      403: ['forbidden'],
      404: ['not_found'],
      406: ['not_acceptable'],
      429: ['too_many_requests'],
      500: ['internal_server_error'],
    });
  });

  it('lists validation_failed at the status the contract sends it with (422)', () => {
    const at422 = createErrorContract({ validationStatus: 422 });
    expect(Object.fromEntries(operationErrorCodes(at422, { method: 'post', secured: false, hasBody: true, declared: [] }))).toEqual({ 400: ['bad_request'], 422: ['validation_failed'], 500: ['internal_server_error'] });
  });
});

describe('an operation that lists error responses pinning code (a Fastify route through @fastify/swagger)', () => {
  it('declares those codes, as x-error-codes would', () => {
    const pinned = { description: 'Not Found', content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'string', enum: ['not_found'] } } } } } };
    const out = withErrorResponses(document({ '/v2/things/{id}': { get: { responses: { '200': { description: 'ok' }, '404': pinned } } } } as never), contract);
    expect(statuses(out.paths['/v2/things/{id}'].get)).toEqual(['400', '401', '404', '406', '500']);
    // the listed response is the author's: kept as written
    expect(out.paths['/v2/things/{id}'].get.responses['404']).toEqual(pinned);
  });

  it('a response referred to by name, or one whose schema does not pin code, declares nothing', () => {
    const out = withErrorResponses(document({ '/v2/things': { get: { responses: { '413': ref('payload_too_large'), '409': { description: 'x', content: { 'application/json': { schema: { type: 'object' } } } } } } } } as never), contract);
    expect(statuses(out.paths['/v2/things'].get)).toEqual(['400', '401', '403', '404', '405', '406', '409', '413', '500']);
  });
});

describe('routeErrorStatuses(contract, codes, { path, shape })', () => {
  it('groups a list of codes by the status the contract sends each with, in order, with titles, headers and the pinning schema', () => {
    const statuses = routeErrorStatuses(contract, ['widget_locked', 'not_found', 'unauthorized', 'not_found'], { path: '/v1/widgets/:id' });
    expect(statuses.map(({ status, codes, shape, description }) => ({ status, codes, shape, description }))).toEqual([
      { status: 401, codes: ['unauthorized'], shape: 'compact', description: 'Unauthorized' },
      { status: 404, codes: ['not_found'], shape: 'compact', description: 'Not Found' },
      { status: 409, codes: ['widget_locked'], shape: 'compact', description: 'Widget locked' },
    ]);
    expect(statuses[0]!.headers).toEqual({ 'WWW-Authenticate': { description: expect.stringContaining('challenge'), schema: { type: 'string' } } });
    expect(statuses[1]!.schema).toMatchObject({ properties: { errors: { items: { properties: { code: { enum: ['not_found'] } } } } } });
    expect(routeErrorStatuses(contract, ['not_found'], { path: '/v2/widgets/{id}' })[0]!.shape).toBe('detailed');
  });

  it('checks codes keyed by status against the contract; an unknown code or an empty list is a TypeError', () => {
    expect(routeErrorStatuses(contract, { 409: ['conflict', 'widget_locked'] })[0]!.description).toBe('Conflict or Widget locked');
    expect(() => routeErrorStatuses(contract, { 404: ['conflict'] })).toThrow(/`conflict` under 404, but the contract answers it with 409/);
    expect(() => routeErrorStatuses(contract, ['not_fond'])).toThrow(/`not_fond`/);
    expect(() => routeErrorStatuses(contract, { 404: [] })).toThrow(/no codes under 404/);
  });
});

describe("checkDeclaredCodes' list of the contract's own codes", () => {
  it('is what operationErrorCodes adds to an operation with every option on', () => {
    const everything = createErrorContract({ accept: 'strict', rejectMalformedPath: true });
    const added = operationErrorCodes(everything, { method: 'post', secured: true, hasBody: true, declared: [] }, { rateLimited: true, bodyReaderResponses: true, clientErrorResponses: true });
    expect([...added.values()].flat().sort()).toEqual([...CONTRACT_OWN].sort());
  });
});
