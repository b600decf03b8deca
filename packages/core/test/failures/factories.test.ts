import { describe, expect, it } from 'vitest';
import { badGateway, badRequest, conflict, ContractError, createErrorContract, forbidden, gatewayTimeout, gone, internalError, isContractError, methodNotAllowed, notAcceptable, notFound, payloadTooLarge, preconditionFailed, problems, serviceUnavailable, tooManyRequests, unauthorized, unprocessableEntity, unsupportedMediaType, validationFailed } from '../../src/index.js';
import { formatAllow } from '../../src/failures/problems.js';
import { answer } from '../helpers.js';

// Boom-style factories: each sets its own status, code and headers.
const factories: Array<[string, () => ContractError, number, string, Record<string, string>]> = [
  ['badRequest()', () => badRequest(), 400, 'bad_request', {}],
  ['validationFailed([...])', () => validationFailed([{ field: 'name', detail: 'Required' }]), 400, 'validation_failed', {}],
  ['unauthorized({ challenge })', () => unauthorized({ challenge: 'Bearer realm="widgets"' }), 401, 'unauthorized', { 'www-authenticate': 'Bearer realm="widgets"' }],
  ['unauthorized({ challenge: [two] })', () => unauthorized({ challenge: ['Basic', 'Bearer'] }), 401, 'unauthorized', { 'www-authenticate': 'Basic, Bearer' }],
  // RFC 9110 section 15.5.2: every 401 carries a challenge, the contract's `challenge` by default
  ['unauthorized()', () => unauthorized(), 401, 'unauthorized', { 'www-authenticate': 'Bearer' }],
  ['forbidden()', () => forbidden(), 403, 'forbidden', {}],
  ['notFound()', () => notFound(), 404, 'not_found', {}],
  ['methodNotAllowed([...])', () => methodNotAllowed(['post', 'GET', 'get']), 405, 'method_not_allowed', { allow: 'GET, HEAD, POST' }],
  ['notAcceptable()', () => notAcceptable(), 406, 'not_acceptable', {}],
  ['payloadTooLarge()', () => payloadTooLarge(), 413, 'payload_too_large', {}],
  ['unsupportedMediaType()', () => unsupportedMediaType(), 415, 'unsupported_media_type', {}],
  ['tooManyRequests({ retryAfter: 29.2 })', () => tooManyRequests({ retryAfter: 29.2 }), 429, 'too_many_requests', { 'retry-after': '30' }],
  ['tooManyRequests()', () => tooManyRequests(), 429, 'too_many_requests', {}],
  ['conflict()', () => conflict('Taken.'), 409, 'conflict', {}],
  ['gone()', () => gone(), 410, 'gone', {}],
  ['preconditionFailed()', () => preconditionFailed(), 412, 'precondition_failed', {}],
  ['unprocessableEntity()', () => unprocessableEntity('No items.'), 422, 'unprocessable_entity', {}],
  ['internalError()', () => internalError(), 500, 'internal_server_error', {}],
  ['serviceUnavailable({ retryAfter: 4.5 })', () => serviceUnavailable({ retryAfter: 4.5 }), 503, 'service_unavailable', { 'retry-after': '5' }],
  ['serviceUnavailable()', () => serviceUnavailable(), 503, 'service_unavailable', {}],
  ['badGateway()', () => badGateway('inventory refused', { cause: new Error('x') }), 502, 'bad_gateway', {}],
  ['gatewayTimeout()', () => gatewayTimeout('inventory: no answer in 5 s'), 504, 'gateway_timeout', {}],
];

describe('factories', () => {
  it.each(factories)('%s', (_name, make, status, code, headers) => {
    const error = make();
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(status);
    const sent = answer(error);
    expect(sent.status).toBe(status);
    expect(sent.body?.code).toBe(code);
    expect(sent.headers).toEqual({ ...headers, 'cache-control': 'no-store', 'content-type': 'application/json' });
  });

  it('the plain forms give the same responses without an Error', () => {
    const plain = problems.methodNotAllowed(['GET']);
    expect(plain).not.toBeInstanceOf(Error);
    expect(answer(plain)).toEqual(answer(methodNotAllowed(['GET'])));
    expect(answer(problems.tooManyRequests({ retryAfter: 5 }))).toEqual(answer(tooManyRequests({ retryAfter: 5 })));
  });

  it('tooManyRequests takes a Date and rate-limit headers', () => {
    const error = tooManyRequests({ retryAfter: new Date(Date.now() + 9_500), headers: { 'RateLimit-Policy': '100;w=60' } });
    expect(answer(error).headers).toMatchObject({ 'retry-after': '10', 'ratelimit-policy': '100;w=60' });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, new Date('nonsense')])('an unusable retryAfter (%s) sends no Retry-After', (retryAfter) => {
    expect(answer(tooManyRequests({ retryAfter })).headers['retry-after']).toBeUndefined();
  });

  it('a negative retryAfter is 0', () => {
    expect(answer(tooManyRequests({ retryAfter: -3 })).headers['retry-after']).toBe('0');
  });

  it('formatAllow drops what is not a method token', () => {
    expect(formatAllow(['GET', 'BAD METHOD', 'X\r\nY', 'delete', 'PURGE'])).toBe('GET, HEAD, DELETE, PURGE');
  });

  it("validationFailed reads a field problem's `message` where it has no `detail` (a JavaScript caller's, or another library's shape)", () => {
    const fields = [{ field: 'name', message: 'Give the widget a name.' }] as unknown as Parameters<typeof validationFailed>[0];
    expect(answer(validationFailed(fields)).body?.errors).toEqual([{ field: 'name', pointer: '/name', detail: 'Give the widget a name.' }]);
  });

  it('internalError keeps its detail and cause for the log, not the client', () => {
    const cause = new Error('socket hang up');
    const error = internalError('inventory returned garbage', { cause });
    expect(error.cause).toBe(cause);
    expect(answer(error).body?.detail).toBe('The service failed to process the request.');
  });

  it('isContractError recognises a copy made by another instance of the package (marker, not instanceof)', () => {
    const foreign = { [Symbol.for('error-contract.problem')]: true, status: 404, code: 'widget_gone', detail: 'Gone.' };
    expect(isContractError(foreign)).toBe(true);
    expect(answer(foreign).body).toMatchObject({ status: 404, code: 'widget_gone', detail: 'Gone.' });
    expect(isContractError(new Error('x'))).toBe(false);
  });
});

describe('contract.error(code)', () => {
  const contract = createErrorContract({
    catalog: { widget_locked: { status: 409, title: 'Widget locked', detail: 'Someone else is editing it.' } },
    typeBaseUrl: 'https://docs.example.com/errors/',
    onError: () => {},
  });

  it('takes status, title and type from the catalog', () => {
    const response = contract.respond(contract.error('widget_locked', 'Widget 7 is locked.'), { method: 'GET', path: '/w/7', headers: {} });
    expect(response.status).toBe(409);
    expect(JSON.parse(response.body!)).toMatchObject({
      type: 'https://docs.example.com/errors/widget_locked',
      title: 'Widget locked',
      detail: 'Widget 7 is locked.',
      code: 'widget_locked',
    });
  });

  it('uses the catalog detail when none is given', () => {
    const body = JSON.parse(contract.respond(contract.error('widget_locked'), { method: 'GET', path: '/', headers: {} }).body!);
    expect(body.detail).toBe('Someone else is editing it.');
  });

  it('knows the built-in codes', () => {
    expect(contract.error('not_found').status).toBe(404);
    expect(contract.error('validation_failed').status).toBe(400);
  });

  it('an unknown code is a 500 unless a status is given', () => {
    expect(contract.error('made_up').status).toBe(500);
    expect(contract.error('made_up', 'x', { status: 418 }).status).toBe(418);
  });
});
