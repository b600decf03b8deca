import Boom from '@hapi/boom';
import { HTTPException } from 'hono/http-exception';
import createError from 'http-errors';
import { describe, expect, it } from 'vitest';
import { readHeader } from '../../src/adapter.js';
import { safeHeaderValue } from '../../src/deciding/client-headers.js';
import { answer } from '../helpers.js';

describe('headers an error carries for the client', () => {
  it('http-errors `headers`: the allow-list survives, the rest is dropped', () => {
    const error = createError(401, 'Who are you?', {
      headers: {
        'WWW-Authenticate': 'Bearer realm="widgets"',
        'Set-Cookie': 'session=stolen',
        'Content-Type': 'text/html',
        Location: 'https://evil.example',
        'X-RateLimit-Remaining': '0',
      },
    });
    expect(answer(error).headers).toEqual({
      'www-authenticate': 'Bearer realm="widgets"',
      'x-ratelimit-remaining': '0',
      'cache-control': 'no-store',
      'content-type': 'application/json',
    });
  });

  it('Boom output.headers', () => {
    const error = Boom.unauthorized('Bad token', 'Bearer', { realm: 'widgets' });
    expect(answer(error).headers['www-authenticate']).toBe('Bearer realm="widgets", error="Bad token"');
  });

  it("Hono HTTPException's res headers (bearerAuth's challenge)", () => {
    const res = new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="widgets"', 'Content-Type': 'text/plain' } });
    const { status, headers, body } = answer(new HTTPException(401, { res }));
    expect(status).toBe(401);
    expect(headers['www-authenticate']).toBe('Bearer realm="widgets"');
    expect(headers['content-type']).toBe('application/json');
    expect(body?.code).toBe('unauthorized');
  });

  it.each([
    ['Allow', 'GET, HEAD'],
    ['Retry-After', '30'],
    ['RateLimit', 'limit=100, remaining=0, reset=30'],
    ['RateLimit-Policy', '100;w=60'],
    ['RateLimit-Reset', '30'],
  ])('%s passes', (name, value) => {
    expect(answer(createError(429, { headers: { [name]: value } })).headers[name.toLowerCase()]).toBe(value);
  });

  it("a 416's Content-Range passes (the size of what the client asked a range of), no other status's", () => {
    const range = { headers: { 'Content-Range': 'bytes */1024' } };
    expect(answer(createError(416, range)).headers['content-range']).toBe('bytes */1024');
    expect(answer(createError(400, range)).headers['content-range']).toBeUndefined();
    expect(answer(createError(416, { headers: { 'Content-Range': 'bytes */1\r\nX: y' } })).headers['content-range']).toBeUndefined();
  });

  it.each([
    ['CR LF injection', 'Bearer\r\nSet-Cookie: a=b'],
    ['bare LF', 'Bearer\nX: y'],
    ['NUL', 'Bearer\u0000'],
    ['a non-Latin-1 character Node would refuse', 'Bearer \u0100'],
    ['an object', { toString: (): string => 'x' }],
    ['too long', 'a'.repeat(5000)],
  ])('%s is dropped (and the 401 gets the contract\'s own challenge)', (_name, value) => {
    expect(answer(createError(401, { headers: { 'WWW-Authenticate': value } })).headers['www-authenticate']).toBe('Bearer');
  });

  it('numbers and string arrays are sent as text', () => {
    expect(safeHeaderValue(30)).toBe('30');
    expect(safeHeaderValue(['Basic', 'Bearer'])).toBe('Basic, Bearer');
    expect(safeHeaderValue(['Basic', 'Bearer\r\n'])).toBeUndefined();
    expect(safeHeaderValue(Number.NaN)).toBeUndefined();
  });

  it("a header object's getter runs only for a name that is kept: one that throws loses nothing else", () => {
    const read: string[] = [];
    const headers = {
      get 'x-internal-host'(): string {
        read.push('x-internal-host');
        throw new Error('db-7 is down');
      },
      get 'Retry-After'(): string {
        read.push('retry-after');
        return '30';
      },
    };
    const error = createError(429, 'Slow down.', { headers });
    expect(answer(error).headers['retry-after']).toBe('30');
    expect(read).toEqual(['retry-after']);
  });

  it('every error response is Cache-Control: no-store', () => {
    for (const error of [createError(404), new Error('x'), null]) expect(answer(error).headers['cache-control']).toBe('no-store');
  });

  it('an error cannot replace Cache-Control or Content-Type', () => {
    const { headers } = answer({ status: 404, headers: { 'cache-control': 'public, max-age=86400', 'content-type': 'text/html' } });
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['content-type']).toBe('application/json');
  });
});

describe('readHeader', () => {
  it('reads Node header objects and Web Headers alike', () => {
    expect(readHeader({ accept: 'application/json' }, 'accept')).toBe('application/json');
    expect(readHeader({ accept: ['a/b', 'c/d'] }, 'accept')).toBe('a/b, c/d');
    expect(readHeader(new Headers({ Accept: 'text/html' }), 'accept')).toBe('text/html');
    expect(readHeader(new Headers(), 'accept')).toBeUndefined();
    expect(readHeader(undefined, 'accept')).toBeUndefined();
  });
});
