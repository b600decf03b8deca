// The trust rule (src/deciding/trust.ts): which thrown values may set the status, show a message or field
// errors, and pass headers on. One table; every row is what a client receives.
import { HTTPException } from 'hono/http-exception';
import createError from 'http-errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer } from '../helpers.js';

const SECRET = 'upstream-secret-7f3a';
const upstreamHeaders = { 'www-authenticate': `Bearer realm="${SECRET}"`, 'access-control-allow-origin': '*', 'retry-after': '99' };

function zodError(): unknown {
  const result = z.object({ password: z.string().min(50) }).safeParse({ password: SECRET });
  return result.error;
}

/** Errors of HTTP clients about an upstream response, built as those libraries build them. */
const UPSTREAM: Array<[string, unknown]> = [
  ['axios', Object.assign(new Error(`Request failed with status code 401: ${SECRET}`), { isAxiosError: true, status: 401, response: { status: 401, headers: upstreamHeaders, data: SECRET } })],
  ['undici ResponseStatusCodeError', Object.assign(new Error(`Response status code 401: ${SECRET}`), { name: 'ResponseStatusCodeError', code: 'UND_ERR_RESPONSE_STATUS_CODE', status: 401, statusCode: 401, headers: upstreamHeaders, body: SECRET })],
  ['got HTTPError', Object.assign(new Error(`Response code 404 (Not Found) ${SECRET}`), { name: 'HTTPError', code: 'ERR_NON_2XX_3XX_RESPONSE', response: { statusCode: 404, headers: upstreamHeaders, body: SECRET } })],
  ['ky HTTPError', Object.assign(new Error(`Request failed with status code 403 ${SECRET}`), { name: 'HTTPError', response: new Response(SECRET, { status: 403, headers: upstreamHeaders }) })],
  ['our own client ApiError', Object.assign(new Error(SECRET), { [Symbol.for('error-contract.api-error')]: true, status: 429, headers: upstreamHeaders, expose: true })],
  ['superagent-style with status and response', Object.assign(new Error(SECRET), { status: 401, response: { status: 401, headers: upstreamHeaders } })],
];

describe('an HTTP client error about an upstream response is our 500, carrying nothing of it', () => {
  it.each(UPSTREAM)('%s', (_name, error) => {
    const { status, headers, raw } = answer(error);
    expect(status).toBe(500);
    expect(raw).not.toContain(SECRET);
    expect(JSON.stringify(headers)).not.toContain(SECRET);
    expect(headers).not.toHaveProperty('www-authenticate');
    expect(headers).not.toHaveProperty('access-control-allow-origin');
    expect(headers).not.toHaveProperty('retry-after');
  });
});

describe('status: honoured from any error that declares one, as Express and Koa do', () => {
  it.each([
    ['a plain object with status', { status: 404, message: SECRET }, 404],
    ['an Error with statusCode', Object.assign(new Error(SECRET), { statusCode: 409 }), 409],
    ['expose: false', Object.assign(new Error(SECRET), { status: 400, expose: false }), 400],
  ])('%s: the status, a generic detail, no headers', (_name, error, expected) => {
    const { status, raw, headers } = answer({ ...(error as object), headers: upstreamHeaders, message: SECRET, status: (error as { status?: number }).status, statusCode: (error as { statusCode?: number }).statusCode });
    expect(status).toBe(expected);
    expect(raw).not.toContain(SECRET);
    expect(headers).not.toHaveProperty('www-authenticate');
  });
});

describe('message, fields and headers: only from values meant for clients, with a 4xx', () => {
  it('http-errors 401 with a challenge: the message and WWW-Authenticate are sent', () => {
    const { body, headers } = answer(createError(401, 'Token expired', { headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } }));
    expect(body).toMatchObject({ status: 401, detail: 'Token expired' });
    expect(headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('an object that says expose: true (Koa): its message is sent', () => {
    expect(answer({ status: 403, expose: true, message: 'Only owners may do that.' }).body).toMatchObject({ status: 403, detail: 'Only owners may do that.' });
  });

  it("Hono's HTTPException: message and the headers of its res are sent", () => {
    const error = new HTTPException(401, { message: 'Bad token', res: new Response(null, { headers: { 'WWW-Authenticate': 'Bearer realm="api"' } }) });
    const { body, headers } = answer(error);
    expect(body).toMatchObject({ detail: 'Bad token' });
    expect(headers['www-authenticate']).toBe('Bearer realm="api"');
  });

  it('CORS headers never come from an error, even one meant for clients: CORS is the app middleware’s', () => {
    const { headers } = answer(createError(401, 'x', { headers: { 'Access-Control-Allow-Origin': 'https://evil.example' } }));
    expect(headers).not.toHaveProperty('access-control-allow-origin');
  });

  it('a 5xx meant for clients still carries nothing: createError(502, zodError) sends no field errors', () => {
    const error = createError(502, zodError() as Error);
    const { status, body, raw } = answer(error);
    expect(status).toBe(502);
    expect(body).not.toHaveProperty('errors');
    expect(raw).not.toContain('password');
    expect(raw).not.toContain(SECRET);
  });

  it('a 5xx with expose: true carries neither message nor headers', () => {
    const { body, headers } = answer({ status: 503, expose: true, message: SECRET, headers: { 'retry-after': '30' } });
    expect(body?.detail).not.toContain(SECRET);
    expect(headers).not.toHaveProperty('retry-after');
  });
});

describe("Nest's HttpException: its own answer, not an upstream one", () => {
  /** Shaped as Nest builds it: `response` is the body Nest would send, with a numeric `statusCode`. */
  function nestException(response: unknown, status: number): Error {
    const prototype = Object.assign(Object.create(Error.prototype) as object, {
      getResponse(this: { response: unknown }) {
        return this.response;
      },
      getStatus(this: { status: number }) {
        return this.status;
      },
    });
    const message = typeof response === 'string' ? response : ((response as { message?: string }).message ?? 'Http Exception');
    return Object.assign(Object.create(prototype) as Error, { name: 'NotFoundException', message, response, status });
  }

  it('a 404 whose response is { statusCode: 404, message } is a 404 with its message, not an upstream 500', () => {
    const { status, body } = answer(nestException({ statusCode: 404, message: 'No widget 9.', error: 'Not Found' }, 404));
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'not_found', detail: 'No widget 9.' });
  });

  it('a 502 Nest exception carries nothing of its response', () => {
    const { status, raw } = answer(nestException({ statusCode: 502, message: SECRET }, 502));
    expect(status).toBe(502);
    expect(raw).not.toContain(SECRET);
  });

  it('an axios error stays upstream even with a getResponse function', () => {
    const error = Object.assign(new Error(SECRET), { isAxiosError: true, getResponse: () => ({}), getStatus: () => 401, status: 401, response: { status: 401, headers: upstreamHeaders } });
    expect(answer(error).status).toBe(500);
  });

  it('a value with getResponse but no getStatus and an upstream response is still upstream', () => {
    const error = Object.assign(new Error(SECRET), { getResponse: () => ({}), status: 401, response: { status: 401, headers: upstreamHeaders } });
    const { status, raw } = answer(error);
    expect(status).toBe(500);
    expect(raw).not.toContain(SECRET);
  });
});
