import Boom from '@hapi/boom';
import { HTTPException } from 'hono/http-exception';
import createError from 'http-errors';
import { describe, expect, it } from 'vitest';
import { ContractError, createErrorContract } from '../../src/index.js';
import { answer, request } from '../helpers.js';

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

/** An error as @fastify/error's createError makes it: named FastifyError, marked on its prototype. */
function fastifyError(code: string, message: string, statusCode: number, marked = true): Error {
  const prototype = Object.create(Error.prototype, marked ? { [Symbol.for('fastify-error-generic')]: { value: true } } : {});
  return Object.assign(Object.create(prototype) as Error, { name: 'FastifyError', code, message, statusCode });
}

/**
 * An exception shaped as Nest's HttpException makes it (no Nest import in core's tests): `response`
 * (the body Nest would send), `status`, the functions `getResponse()` and `getStatus()`, and a
 * `message` taken from the response when it holds a string, else from the class name.
 */
function nestException(name: string, response: unknown, status: number, options: { cause?: unknown } = {}): Error {
  const text = typeof response === 'string' ? response : typeof (response as { message?: unknown })?.message === 'string' ? (response as { message: string }).message : name.match(/[A-Z][a-z]+|[0-9]+/g)!.join(' ');
  const prototype = { getResponse(this: { response: unknown }) { return this.response; }, getStatus(this: { status: number }) { return this.status; } };
  Object.setPrototypeOf(prototype, Error.prototype);
  return Object.assign(Object.create(prototype) as Error, { name, message: text, response, status, options, cause: options.cause });
}

/** Nest's `createBody`: `{ message, error, statusCode }` for a message given as text or list. */
const nestBody = (message: unknown, error: string, statusCode: number) => ({ message, error, statusCode });

// The rules of DESIGN.md "Deciding the status, the code and what is shown", one row each.
const cases: Array<[string, unknown, number, string, string?]> = [
  ['http-errors createError(404)', createError(404), 404, 'not_found', 'The requested resource was not found.'],
  ['http-errors with a message', createError(404, 'No widget 7'), 404, 'not_found', 'No widget 7'],
  ['http-errors with its own snake_case code', createError(409, 'Locked', { code: 'widget_locked' }), 409, 'widget_locked', 'Locked'],
  ['http-errors with expose: false', createError(400, 'secret parser state', { expose: false }), 400, 'bad_request', 'The request is not formatted properly.'],
  ['http-errors 503', createError(503, 'db-7 down'), 503, 'service_unavailable', 'Service Unavailable.'],
  ['Koa-style { status, expose }', Object.assign(new Error('Nope'), { status: 403, expose: true }), 403, 'forbidden', 'Nope'],
  ['statusCode instead of status', Object.assign(new Error('Widget retired'), { statusCode: 410, expose: true }), 410, 'gone', 'Widget retired'],
  // The trust rule (trust.ts): a status is honoured from any error, its message only when it says it is meant for clients.
  ['a status without expose: the message stays inside', Object.assign(new Error('row 7 locked by job 12'), { status: 409 }), 409, 'conflict', 'Conflict.'],
  ['Hono HTTPException', new HTTPException(401, { message: 'Bad token' }), 401, 'unauthorized', 'Bad token'],
  ['Boom.notFound', Boom.notFound('No widget'), 404, 'not_found', 'No widget'],
  ['Boom.badImplementation', Boom.badImplementation('db password=x'), 500, 'internal_server_error', 'The service failed to process the request.'],
  ['Boom.tooManyRequests', Boom.tooManyRequests('Slow down'), 429, 'too_many_requests', 'Slow down'],
  ['body-parser entity.parse.failed', createError(400, 'Unexpected token } in JSON: "{"pw":"x"}"', { type: 'entity.parse.failed' }), 400, 'bad_request', 'The request body is not valid JSON.'],
  ['body-parser entity.too.large', createError(413, 'request entity too large', { type: 'entity.too.large' }), 413, 'payload_too_large', 'The request body is too large.'],
  ['body-parser charset.unsupported', createError(415, 'unsupported charset "EVIL"', { type: 'charset.unsupported' }), 415, 'unsupported_media_type', 'The charset of the request body is not supported.'],
  ['JSON SyntaxError from JSON.parse', thrownBy(() => JSON.parse('{"a":')), 400, 'bad_request', 'The request body is not valid JSON.'],
  ['co-body SyntaxError with status 400', Object.assign(thrownBy(() => JSON.parse('{x')) as Error, { status: 400, body: '{x' }), 400, 'bad_request', 'The request body is not valid JSON.'],
  ['URIError from decodeURIComponent', thrownBy(() => decodeURIComponent('%E0%A4%A')), 400, 'bad_request', 'The request path is not validly percent-encoded.'],
  // Fastify's errors: meant for clients when 4xx; its body and URL errors get fixed sentences (some quote the request).
  ['FastifyError 4xx, marked', fastifyError('APP_TAKEN', 'The name Flange is taken.', 409), 409, 'conflict', 'The name Flange is taken.'],
  ['FastifyError 4xx, named only (older @fastify/error)', fastifyError('APP_TAKEN', 'The name Flange is taken.', 409, false), 409, 'conflict', 'The name Flange is taken.'],
  ['FastifyError 5xx hides its message', fastifyError('APP_DOWN', 'db-7 password=x', 503), 503, 'service_unavailable', 'Service Unavailable.'],
  ['Fastify FST_ERR_CTP_INVALID_JSON_BODY', fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', "Body is not valid JSON but content-type is set to 'application/json'", 400), 400, 'bad_request', 'The request body is not valid JSON.'],
  ['Fastify FST_ERR_CTP_EMPTY_JSON_BODY', fastifyError('FST_ERR_CTP_EMPTY_JSON_BODY', 'Body cannot be empty', 400), 400, 'bad_request', 'The request body is empty; send a JSON document.'],
  ['Fastify FST_ERR_CTP_BODY_TOO_LARGE', fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large', 413), 413, 'payload_too_large', 'The request body is too large.'],
  ['Fastify FST_ERR_CTP_INVALID_MEDIA_TYPE quotes the header', fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type: text/<script>', 415), 415, 'unsupported_media_type', 'The media type of the request body is not supported.'],
  ['Fastify FST_ERR_CTP_INVALID_CONTENT_LENGTH', fastifyError('FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'Request body size did not match Content-Length', 400), 400, 'bad_request', 'The request body does not match its Content-Length.'],
  ['Fastify FST_ERR_BAD_URL quotes the path', fastifyError('FST_ERR_BAD_URL', "'/x/%E0<b>' is not a valid url component", 400), 400, 'bad_request', 'The request path is not validly percent-encoded.'],
  ['Fastify FST_ERR_MAX_PARAM_LENGTH quotes the path', fastifyError('FST_ERR_MAX_PARAM_LENGTH', "'/x/aaaa' is exceeding the max param length", 414), 414, 'uri_too_long', 'A path parameter is longer than this service accepts.'],
  ["secure-json-parse's refusal of __proto__ (Fastify 4)", Object.assign(new SyntaxError('Object contains forbidden prototype property'), { statusCode: 400 }), 400, 'bad_request', 'The request body has a member named __proto__ or constructor.prototype, which is not accepted.'],
  ['an FST_ code on an Error that is not FastifyError is not trusted', Object.assign(new Error('internal FST state'), { code: 'FST_ERR_SOMETHING', statusCode: 409 }), 409, 'conflict', 'Conflict.'],
  // Nest's HttpException: meant for clients when 4xx with a message of the app's; its `response` (the body Nest would send,
  // `{ statusCode }`) is its own, not an upstream answer; a 5xx carries nothing; a message Nest made up is not shown.
  ['Nest NotFoundException with a message', nestException('NotFoundException', nestBody('No widget has the id "9".', 'Not Found', 404), 404), 404, 'not_found', 'No widget has the id "9".'],
  ['Nest NotFoundException() with no message', nestException('NotFoundException', { message: 'Not Found', statusCode: 404 }, 404), 404, 'not_found', 'The requested resource was not found.'],
  ['Nest ForbiddenException with a message', nestException('ForbiddenException', nestBody('Only writers may do that.', 'Forbidden', 403), 403), 403, 'forbidden', 'Only writers may do that.'],
  ['Nest HttpException with a string response', nestException('HttpException', 'Widget 7 is locked.', 409), 409, 'conflict', 'Widget 7 is locked.'],
  ["Nest BadRequestException with ValidationPipe's flat list: no field names to read, Nest's made-up message not shown", nestException('BadRequestException', nestBody(['name must be longer than or equal to 1 characters', 'price must not be less than 0'], 'Bad Request', 400), 400), 400, 'bad_request', 'The request is not formatted properly.'],
  ['Nest HttpException with an object response of its own: the class name is not a message', nestException('HttpException', { reason: 'internal state 7' }, 422), 422, 'unprocessable_entity', 'Unprocessable Entity.'],
  ['Nest 5xx HttpException hides its message', nestException('ServiceUnavailableException', nestBody('db-7 password=x', 'Service Unavailable', 503), 503), 503, 'service_unavailable', 'Service Unavailable.'],
  ['Nest InternalServerErrorException hides its message', nestException('InternalServerErrorException', nestBody('db-7 password=x', 'Internal Server Error', 500), 500), 500, 'internal_server_error', 'The service failed to process the request.'],
  ["@nestjs/throttler's ThrottlerException: 429, the library's default sentence not shown", nestException('ThrottlerException', 'ThrottlerException: Too Many Requests', 429), 429, 'too_many_requests', 'Too many requests; the rate limit is exceeded.'],
  ['ThrottlerException with an app message', nestException('ThrottlerException', 'Slow down.', 429), 429, 'too_many_requests', 'Slow down.'],
  ['Nest HttpException with status 200 is a bug: 500', nestException('HttpException', 'ok?', 200), 500, 'internal_server_error'],
  ['plain Error', new Error('connection to db-7 failed'), 500, 'internal_server_error', 'The service failed to process the request.'],
  ['TypeError', new TypeError("Cannot read properties of undefined (reading 'x')"), 500, 'internal_server_error'],
  ['SyntaxError that is not JSON', new SyntaxError('Unexpected identifier'), 500, 'internal_server_error'],
  ['system error code is never sent', Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' }), 500, 'internal_server_error'],
  ['4xx with an uppercase code keeps the status code', createError(400, 'x', { code: 'EBADTHING' }), 400, 'bad_request'],
  ['5xx with its own code does not send it', createError(502, 'x', { code: 'upstream_secret' }), 502, 'bad_gateway'],
  ['status 200 is a bug: 500', Object.assign(new Error('ok?'), { status: 200 }), 500, 'internal_server_error'],
  ['status 700: 500', Object.assign(new Error('x'), { status: 700 }), 500, 'internal_server_error'],
  ['status 404.5: 500', Object.assign(new Error('x'), { status: 404.5 }), 500, 'internal_server_error'],
  ['status "404" (a string): 500', Object.assign(new Error('x'), { status: '404' }), 500, 'internal_server_error'],
  ['unregistered 4xx keeps its status', createError(499, 'Closed'), 499, 'client_error', 'Closed'],
  ['ContractError', new ContractError(409, 'Widget 7 is locked.', { code: 'widget_locked' }), 409, 'widget_locked', 'Widget 7 is locked.'],
  ['ContractError 5xx hides its detail', new ContractError(503, 'db-7 password=x'), 503, 'service_unavailable', 'Service Unavailable.'],
  ['a bare catalog code', { code: 'not_found' }, 404, 'not_found'],
];

describe('normalize: status, code and detail', () => {
  it.each(cases)('%s', (_name, error, status, code, detail) => {
    const { status: sent, body } = answer(error);
    expect(sent).toBe(status);
    expect(body?.status).toBe(status);
    expect(body?.code).toBe(code);
    if (detail !== undefined) expect(body?.detail).toBe(detail);
  });

  it('the catalog decides first, over a declared status', () => {
    const catalog = { widget_locked: { status: 423, title: 'Widget locked', detail: 'Someone else is editing it.' } };
    const { status, body } = answer(createError(400, 'x', { code: 'widget_locked' }), { catalog });
    expect(status).toBe(423);
    expect(body).toMatchObject({ code: 'widget_locked', title: 'Widget locked', detail: 'x' });
  });

  it('a 5xx catalog code sends the catalog detail, never the message', () => {
    const catalog = { inventory_down: { status: 503, detail: 'Inventory is unavailable; retry in a minute.' } };
    const { body } = answer(Object.assign(new Error('host db-7 password=x'), { code: 'inventory_down' }), { catalog });
    expect(body).toMatchObject({ status: 503, code: 'inventory_down', title: 'Service Unavailable', detail: 'Inventory is unavailable; retry in a minute.' });
  });

  it('Boom keeps its status when output was changed', () => {
    const boom = Boom.badRequest('Bad');
    boom.output.statusCode = 422;
    expect(answer(boom).status).toBe(422);
  });

  it('type is typeBaseUrl + code, about:blank without it, and a catalog type wins', () => {
    expect(answer(createError(404)).body?.type).toBe('about:blank');
    expect(answer(createError(404), { typeBaseUrl: 'https://docs.example.com/errors/' }).body?.type).toBe('https://docs.example.com/errors/not_found');
    const catalog = { gone_for_good: { status: 410, type: 'https://example.com/gone' } };
    expect(answer({ code: 'gone_for_good' }, { catalog, typeBaseUrl: 'https://x/' }).body?.type).toBe('https://example.com/gone');
  });

  it('instance is the path without its query', () => {
    expect(answer(createError(404), {}, request({ path: '/api/widgets/7?token=secret' })).body?.instance).toBe('/api/widgets/7');
  });

  it('title is the reason phrase, never the message', () => {
    expect(answer(createError(404, 'No widget 7')).body?.title).toBe('Not Found');
  });
});

describe('statuses allow-list', () => {
  const statuses = [400, 401, 403, 404, 405, 406, 429, 500];

  it('a 4xx outside it is sent as 400 bad_request', () => {
    expect(answer(createError(409, 'Conflict!'), { statuses }).body).toMatchObject({ status: 400, code: 'bad_request', detail: 'Conflict!' });
  });

  it('a 5xx outside it is sent as 500', () => {
    expect(answer(createError(503), { statuses }).body).toMatchObject({ status: 500, code: 'internal_server_error' });
  });

  it('a chosen code survives the remap', () => {
    const contract = createErrorContract({ statuses, onError: () => {} });
    const response = contract.respond(new ContractError(409, 'Locked', { code: 'widget_locked' }), request());
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body!)).toMatchObject({ code: 'widget_locked' });
  });

  it('statuses inside it pass unchanged', () => {
    expect(answer(createError(429), { statuses }).status).toBe(429);
  });
});

describe('JSON bodies a strict parser refuses: the words say why', () => {
  it.each([
    ['not JSON at all', '{"name":', 'The request body is not valid JSON.'],
    ['valid JSON that is not an object or array', 'null', 'The request body must be a JSON object or array.'],
    ['an object with __proto__ (co-body refuses it)', '{"__proto__":{"isAdmin":true}}', 'The request body has a member named __proto__ or constructor.prototype, which is not accepted.'],
  ])('%s', (_name, body, detail) => {
    const error = Object.assign(new SyntaxError('Unexpected token'), { body, status: 400, expose: true });
    expect(answer(error).body).toMatchObject({ status: 400, code: 'bad_request', detail });
  });
});

describe('bodies that do not decompress', () => {
  it.each(['Z_DATA_ERROR', 'Z_BUF_ERROR'])('a zlib %s (a corrupt gzip body) is 400 in our words, not zlib’s', (code) => {
    for (const error of [Object.assign(new Error('incorrect header check'), { code, errno: -3 }), createError(400, Object.assign(new Error('incorrect header check'), { code }))]) {
      expect(answer(error).body).toMatchObject({ status: 400, code: 'bad_request', detail: 'The request body could not be decompressed.' });
    }
  });
});
