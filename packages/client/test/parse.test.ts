import { describe, expect, it } from 'vitest';
import { ApiError, parseErrorBody } from '../src/index.js';

interface Expected {
  code: string;
  message: string;
  shape: 'detailed' | 'compact' | 'unknown';
  problems?: Array<{ code: string; message: string }>;
  fieldErrors?: Array<{ field: string; detail: string }>;
  title?: string;
  type?: string;
  instance?: string;
}

const detailed = {
  type: 'https://docs.example.com/errors/not_found',
  title: 'Not Found',
  status: 404,
  detail: 'No widget has the id "9".',
  instance: '/api/client/v2/widgets/9',
  code: 'not_found',
};

// status, body as sent (object or text), what the ApiError must hold.
const cases: Array<[string, number, unknown, Expected]> = [
  ['detailed', 404, detailed, { code: 'not_found', message: 'No widget has the id "9".', shape: 'detailed', title: 'Not Found', type: detailed.type, instance: detailed.instance, problems: [{ code: 'not_found', message: 'No widget has the id "9".' }] }],
  ['detailed as JSON text', 404, JSON.stringify(detailed), { code: 'not_found', message: 'No widget has the id "9".', shape: 'detailed' }],
  ['compact', 404, { errors: [{ code: 'not_found', message: 'No widget 9' }] }, { code: 'not_found', message: 'No widget 9', shape: 'compact', problems: [{ code: 'not_found', message: 'No widget 9' }] }],
  ['compact with two problems', 400, { errors: [{ code: 'validation_failed', message: 'name: Required' }, { code: 'validation_failed', message: 'price: must be >= 0' }] }, { code: 'validation_failed', message: 'name: Required', shape: 'compact', problems: [{ code: 'validation_failed', message: 'name: Required' }, { code: 'validation_failed', message: 'price: must be >= 0' }] }],
  ['detailed with field errors', 400, { title: 'Validation Failed', status: 400, detail: 'The request has 2 invalid fields.', code: 'validation_failed', errors: [{ field: 'name', detail: 'Required' }, { field: 'items[0].price', detail: 'must be >= 0' }] }, { code: 'validation_failed', message: 'The request has 2 invalid fields.', shape: 'detailed', fieldErrors: [{ field: 'name', detail: 'Required' }, { field: 'items[0].price', detail: 'must be >= 0' }], problems: [{ code: 'validation_failed', message: 'name: Required' }, { code: 'validation_failed', message: 'items[0].price: must be >= 0' }] }],
  ['a status in the body that disagrees is ignored', 404, { ...detailed, status: 200 }, { code: 'not_found', message: 'No widget has the id "9".', shape: 'detailed' }],
  ['members of the wrong type are ignored', 409, { type: 7, title: ['x'], detail: { text: 'x' }, code: 42, instance: null, status: '409' }, { code: 'conflict', message: 'Conflict', shape: 'detailed', title: undefined, type: undefined, instance: undefined }],
  ['no detail: title', 403, { title: 'Readers cannot write', status: 403 }, { code: 'forbidden', message: 'Readers cannot write', shape: 'detailed' }],
  ['an empty body', 502, '', { code: 'bad_gateway', message: 'Bad Gateway', shape: 'unknown' }],
  ['HTML', 404, '<!DOCTYPE html><html><body><pre>Cannot GET /x</pre></body></html>', { code: 'not_found', message: 'Not Found', shape: 'unknown' }],
  ['plain text', 500, 'Internal Server Error', { code: 'internal_server_error', message: 'Internal Server Error', shape: 'unknown' }],
  ['truncated JSON', 400, '{"type":"about:blank","title":"Bad Re', { code: 'bad_request', message: 'Bad Request', shape: 'unknown' }],
  ['null', 401, null, { code: 'unauthorized', message: 'Unauthorized', shape: 'unknown' }],
  ['JSON null as text', 401, 'null', { code: 'unauthorized', message: 'Unauthorized', shape: 'unknown' }],
  ['an array', 400, [{ code: 'x' }], { code: 'bad_request', message: 'Bad Request', shape: 'unknown' }],
  ['a number', 418, 42, { code: 'im_a_teapot', message: "I'm a Teapot", shape: 'unknown' }],
  ['compact elements of the wrong type are skipped', 400, { errors: [null, 5, 'x', { code: 7 }, { code: 'bad_cursor', message: 'Cursor expired' }] }, { code: 'bad_cursor', message: 'Cursor expired', shape: 'compact' }],
  ['compact without message gets the phrase', 429, { errors: [{ code: 'too_many_requests' }] }, { code: 'too_many_requests', message: 'Too Many Requests', shape: 'compact' }],
  ['compact without code gets the status code', 404, { errors: [{ message: 'No widget 9' }] }, { code: 'not_found', message: 'No widget 9', shape: 'compact' }],
  ['errors that is not an array', 400, { errors: 'bad' }, { code: 'bad_request', message: 'Bad Request', shape: 'unknown' }],
  ['both shapes mixed', 404, { detail: 'No widget 9', errors: [{ code: 'not_found', message: 'No widget 9 (compact)' }] }, { code: 'not_found', message: 'No widget 9', shape: 'detailed', problems: [{ code: 'not_found', message: 'No widget 9 (compact)' }] }],
  ['an unregistered status', 499, '', { code: 'client_error', message: 'Client Error', shape: 'unknown' }],
];

describe('parseErrorBody', () => {
  it.each(cases)('%s', (_name, status, body, expected) => {
    const error = parseErrorBody(status, body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(status);
    expect(error).toMatchObject(expected);
    expect(error.problems.length).toBeGreaterThan(0);
  });

  it('keeps unknown members as extensions, and the body as it came', () => {
    const error = parseErrorBody(404, { ...detailed, requestId: 'req-1', retryable: false });
    expect(error.extensions).toEqual({ requestId: 'req-1', retryable: false });
    expect(error.body).toMatchObject({ requestId: 'req-1' });
  });

  it('keeps the raw text as body when it is not JSON', () => {
    expect(parseErrorBody(500, 'oops').body).toBe('oops');
  });

  it('a huge body is kept as text, not parsed', () => {
    const huge = JSON.stringify({ detail: 'x'.repeat(2_000_000) });
    const error = parseErrorBody(500, huge);
    expect(error.shape).toBe('unknown');
    expect(error.message).toBe('Internal Server Error');
  });

  it('a status that is no status is read as 500', () => {
    expect(parseErrorBody(Number.NaN, '').status).toBe(500);
    expect(parseErrorBody(42, '').status).toBe(500);
  });

  it('a body whose getters throw still gives the status', () => {
    const hostile = Object.defineProperty({}, 'detail', { enumerable: true, get() { throw new Error('x'); } });
    const error = parseErrorBody(503, hostile);
    expect(error.status).toBe(503);
    expect(error.code).toBe('service_unavailable');
  });

  it('takes headers in any HeadersInit form', () => {
    expect(parseErrorBody(429, '', { 'Retry-After': '7' }).headers.get('retry-after')).toBe('7');
    expect(parseErrorBody(429, '', [['Retry-After', '8']]).headers.get('retry-after')).toBe('8');
    expect(parseErrorBody(429, '', { 'bad header': 'x' } as never).headers.get('retry-after')).toBeNull();
  });

  it('the name is ApiError and the message is the best text', () => {
    const error = parseErrorBody(404, detailed);
    expect(error.name).toBe('ApiError');
    expect(String(error)).toBe('ApiError: No widget has the id "9".');
  });
});

describe('what a hostile or odd server sends is read as data, never as structure', () => {
  it('a `__proto__` member of the body is an own extension, not the extensions’ prototype', () => {
    const error = parseErrorBody(400, JSON.parse('{"title":"x","__proto__":{"isAdmin":true}}'));
    expect(Object.getPrototypeOf(error.extensions)).toBe(Object.prototype);
    expect((error.extensions as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.keys(error.extensions)).toEqual(['__proto__']);
  });

  it('an init rebuilt from JSON cannot replace the error’s prototype, methods or name', () => {
    const init = JSON.parse('{"status":404,"code":"not_found","message":"gone","problems":[],"fieldErrors":[],"body":null,"shape":"unknown","extensions":{},"is":1,"name":"Evil","__proto__":{"status":1}}');
    const error = new ApiError({ ...init, headers: new Headers() });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.is('not_found')).toBe(true);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(404);
  });

  it('a compact element with members of its own (`details`, `resource`) stays compact', () => {
    const error = parseErrorBody(400, { errors: [{ code: 'validation_failed', message: 'name: Required', details: 'x', resource: 'widget' }] });
    expect({ shape: error.shape, dialect: error.dialect, fields: error.fieldErrors.map((f) => f.field) }).toEqual({ shape: 'compact', dialect: 'compact', fields: ['name'] });
  });

  it('a `pointer` that is no JSON Pointer is not read as one (the first letter is not dropped)', () => {
    const error = parseErrorBody(400, { title: 'Bad', errors: [{ detail: 'too young', pointer: 'age' }, { detail: 'bad', pointer: '#/name' }] });
    expect(error.fieldErrors.map(({ field, pointer }) => ({ field, pointer }))).toEqual([{ field: 'name', pointer: '/name' }]);
  });

  it('a Retry-After longer than a timer can hold is no wait; a long one within it is kept', () => {
    expect(parseErrorBody(429, '', { 'retry-after': '9'.repeat(30) }).retryAfter).toBeUndefined();
    expect(parseErrorBody(503, '', { 'retry-after': '86400' }).retryAfter).toBe(86_400_000);
  });

  it('only a valid traceparent gives the trace id; anything else is not shown to people', () => {
    expect(parseErrorBody(500, '', { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(parseErrorBody(500, '', { traceparent: 'zz-<img src=x onerror=alert(1)>-y' }).traceId).toBeUndefined();
    expect(parseErrorBody(500, '', { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` }).traceId).toBeUndefined();
  });
});
