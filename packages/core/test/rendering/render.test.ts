import createError from 'http-errors';
import { describe, expect, it } from 'vitest';
import { ContractError, createErrorContract, notFound } from '../../src/index.js';
import { answer, request } from '../helpers.js';

describe('the detailed shape', () => {
  it('has exactly the RFC 9457 members and code, in order', () => {
    const { body, raw } = answer(notFound('No widget has the id "7".'), { typeBaseUrl: 'https://docs.example.com/errors/' });
    expect(body).toEqual({
      type: 'https://docs.example.com/errors/not_found',
      title: 'Not Found',
      status: 404,
      detail: 'No widget has the id "7".',
      instance: '/widgets/7',
      code: 'not_found',
    });
    expect(Object.keys(JSON.parse(raw!))).toEqual(['type', 'title', 'status', 'detail', 'instance', 'code']);
  });

  it('is application/problem+json when the request names it, else application/json', () => {
    const named = answer(notFound(), {}, request({ headers: { accept: 'application/problem+json' } }));
    expect(named.headers['content-type']).toBe('application/problem+json');
    const wildcard = answer(notFound(), {}, request({ headers: { accept: '*/*' } }));
    expect(wildcard.headers['content-type']).toBe('application/json');
  });
});

describe('the compact shape', () => {
  it('is { errors: [{ code, message }] } and always application/json', () => {
    const { body, headers } = answer(notFound('No widget 7.'), { shape: 'compact' }, request({ headers: { accept: 'application/problem+json' } }));
    expect(body).toEqual({ errors: [{ code: 'not_found', message: 'No widget 7.' }] });
    expect(headers['content-type']).toBe('application/json');
  });
});

describe('choosing the shape per request', () => {
  const shape = (req: { path: string }): 'compact' | 'detailed' => (req.path.startsWith('/api/client/v1/') ? 'compact' : 'detailed');

  it('v1 compact, v2 detailed', () => {
    expect(answer(notFound(), { shape }, request({ path: '/api/client/v1/widgets/9' })).body).toHaveProperty('errors');
    expect(answer(notFound(), { shape }, request({ path: '/api/client/v2/widgets/9' })).body).toHaveProperty('type');
  });

  it('a shape function that throws gives the safe 500, in the detailed shape', () => {
    const { status, body } = answer(notFound(), { shape: () => { throw new Error('bug'); } });
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'internal_server_error', instance: '/widgets/7' });
  });

  it('a shape function returning nonsense means detailed', () => {
    expect(answer(notFound(), { shape: () => 'xml' as never }).body).toHaveProperty('title', 'Not Found');
  });
});

describe('HEAD', () => {
  it('gets the same status and headers and no body', () => {
    const head = answer(createError(401, { headers: { 'WWW-Authenticate': 'Bearer' } }), {}, request({ method: 'HEAD' }));
    const get = answer(createError(401, { headers: { 'WWW-Authenticate': 'Bearer' } }), {}, request({ method: 'GET' }));
    expect(head.body).toBeNull();
    expect(head.status).toBe(get.status);
    // The Content-Length a GET's body has (RFC 9110 section 9.3.2), so every framework sends the same.
    expect(head.headers).toEqual({ ...get.headers, 'content-length': String(Buffer.byteLength(get.raw!)) });
  });

  it('in lower case too', () => {
    expect(answer(notFound(), {}, request({ method: 'head' })).raw).toBeNull();
  });
});

describe('extensions', () => {
  it('a request id from the extensions option, in both shapes', () => {
    const extensions = (req: { headers: unknown }) => ({ requestId: (req.headers as Record<string, string>)['x-request-id'] });
    const req = request({ headers: { accept: 'application/json', 'x-request-id': 'req-1' } });
    expect(answer(notFound(), { extensions }, req).body).toMatchObject({ code: 'not_found', requestId: 'req-1' });
    expect(answer(notFound(), { extensions, shape: 'compact' }, req).body).toMatchObject({ requestId: 'req-1' });
  });

  it('cannot replace a standard member', () => {
    const error = new ContractError(404, 'x', { extensions: { status: 200, type: 'evil', widgetId: '7' } });
    const { body } = answer(error, { extensions: () => ({ code: 'ok', errors: [] }) });
    expect(body).toMatchObject({ status: 404, type: 'about:blank', code: 'not_found', widgetId: '7' });
    expect(body).not.toHaveProperty('errors');
  });

  it('an extensions hook that throws costs the extensions only', () => {
    expect(answer(notFound(), { extensions: () => { throw new Error('x'); } }).status).toBe(404);
  });

  it.each([
    ['a BigInt', { big: 10n }],
    ['a cycle', (() => { const a: Record<string, unknown> = {}; a.self = a; return { a }; })()],
    ['a toJSON that throws', { bad: { toJSON() { throw new Error('x'); } } }],
  ])('%s in an extension falls back to the safe 500, never a throw', (_name, extensions) => {
    const { status, body, headers } = answer(new ContractError(404, 'x', { extensions }));
    expect(status).toBe(500);
    expect(body).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'The service failed to process the request.',
      instance: '/widgets/7',
      code: 'internal_server_error',
    });
    expect(headers).toEqual({ 'content-type': 'application/json', 'cache-control': 'no-store' });
  });

  it('the safe 500 keeps the compact shape and HEAD rules', () => {
    const contract = createErrorContract({ shape: 'compact', onError: () => {} });
    const broken = new ContractError(404, 'x', { extensions: { big: 1n } });
    expect(JSON.parse(contract.respond(broken, request()).body!)).toEqual({
      errors: [{ code: 'internal_server_error', message: 'The service failed to process the request.' }],
    });
    expect(contract.respond(broken, request({ method: 'HEAD' })).body).toBeNull();
  });
});

describe('what the client sent is never echoed unsafely', () => {
  it('a path with quotes and markup is JSON-escaped in instance', () => {
    const { raw, body } = answer(notFound(), {}, request({ path: '/widgets/"><script>alert(1)</script>' }));
    expect(body?.instance).toBe('/widgets/"><script>alert(1)</script>');
    expect(raw).toContain('\\"><script>');
  });

  it('a lone surrogate in the path still gives valid UTF-8 JSON', () => {
    const { raw } = answer(notFound(), {}, request({ path: '/w/\ud800' }));
    expect(raw).toContain('\\ud800');
  });

  it('a very long path is cut', () => {
    expect((answer(notFound(), {}, request({ path: `/${'a'.repeat(10_000)}` })).body?.instance as string).length).toBe(2048);
  });
});
