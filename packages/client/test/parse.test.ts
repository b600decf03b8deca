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
