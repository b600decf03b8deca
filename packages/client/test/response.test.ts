import { describe, expect, it } from 'vitest';
import { ApiError, ensureOk, isApiError, retryAfterSeconds } from '../src/index.js';

const problemJson = { 'content-type': 'application/problem+json' };

describe('ApiError.fromResponse', () => {
  it('reads a detailed body', async () => {
    const res = new Response(JSON.stringify({ title: 'Not Found', status: 404, detail: 'No widget 9', code: 'not_found' }), { status: 404, headers: problemJson });
    const error = await ApiError.fromResponse(res);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No widget 9', shape: 'detailed' });
  });

  it('reads JSON whatever the Content-Type says', async () => {
    const res = new Response('{"errors":[{"code":"forbidden","message":"No."}]}', { status: 403, headers: { 'content-type': 'text/plain' } });
    expect(await ApiError.fromResponse(res)).toMatchObject({ code: 'forbidden', shape: 'compact' });
  });

  it('never uses the reason phrase of the status line', async () => {
    const res = new Response('', { status: 404, statusText: 'Everything Is Fine' });
    expect((await ApiError.fromResponse(res)).message).toBe('Not Found');
  });

  it('an already read body gives a usable error', async () => {
    const res = new Response('{"detail":"x"}', { status: 400 });
    await res.text();
    expect(await ApiError.fromResponse(res)).toMatchObject({ status: 400, code: 'bad_request', shape: 'unknown' });
  });

  it('a body that breaks off gives a usable error', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"detail":"par'));
        controller.error(new Error('connection reset'));
      },
    });
    expect(await ApiError.fromResponse(new Response(stream, { status: 502 }))).toMatchObject({ status: 502, code: 'bad_gateway' });
  });

  it('a huge body is read only up to the limit', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const stream = new ReadableStream({
      pull(controller) {
        pulled++;
        if (pulled > 1000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const error = await ApiError.fromResponse(new Response(stream, { status: 500 }));
    expect(error.status).toBe(500);
    expect(pulled).toBeLessThan(40);
  });

  it('keeps the response headers', async () => {
    const res = new Response('', { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="widgets"' } });
    expect((await ApiError.fromResponse(res)).headers.get('www-authenticate')).toBe('Bearer realm="widgets"');
  });
});

describe('ensureOk', () => {
  it('returns an ok response untouched', async () => {
    const res = new Response('[]', { status: 200 });
    expect(await ensureOk(res)).toBe(res);
    expect(await ensureOk(Promise.resolve(res))).toBe(res);
  });

  it('throws an ApiError for a failed one', async () => {
    await expect(ensureOk(new Response('{"errors":[{"code":"not_found","message":"No widget 9"}]}', { status: 404 }))).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'not_found',
    });
  });
});

describe('isApiError', () => {
  it('recognises ours', async () => {
    const error = await ApiError.fromResponse(new Response('', { status: 500 }));
    expect(isApiError(error)).toBe(true);
  });

  it("recognises another copy's by its marker, not instanceof", () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('error-contract.api-error')]: true, status: 404 });
    expect(isApiError(foreign)).toBe(true);
  });

  it.each([new Error('x'), null, undefined, 'ApiError', { status: 404 }])('rejects %s', (value) => {
    expect(isApiError(value)).toBe(false);
  });

  it('rejects a Proxy whose traps throw, without throwing', () => {
    expect(isApiError(new Proxy({}, { get() { throw new Error('trap'); } }))).toBe(false);
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  const withHeader = (status: number, value?: string) => ({ status, headers: new Headers(value === undefined ? {} : { 'retry-after': value }) });

  it.each<[number, string | undefined, number | undefined]>([
    [429, '30', 30],
    [503, '0', 0],
    [429, 'Sun, 22 Nov 2026 10:00:42 GMT', 42],
    [429, 'Sun, 22 Nov 2026 09:00:00 GMT', 0],
    [429, 'soon', undefined],
    [429, '-5', undefined],
    [429, '1.5', undefined],
    [429, undefined, undefined],
    [500, '30', undefined],
    [404, '30', undefined],
  ])('%i with Retry-After %j -> %s', (status, value, expected) => {
    expect(retryAfterSeconds(withHeader(status, value), now)).toBe(expected);
  });
});
