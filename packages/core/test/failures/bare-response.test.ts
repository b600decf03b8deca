import { describe, expect, it } from 'vitest';
import { isBareErrorResponse, staleHeaders } from '../../src/adapter.js';
import { mayBeBareText } from '../../src/failures/bare-response.js';

describe('isBareErrorResponse', () => {
  it.each([
    [403, 'text/plain; charset=utf-8', 'Forbidden', true],
    [404, undefined, undefined, true],
    [401, undefined, null, true],
    [500, 'text/html', '', true],
    [429, 'text/plain', '429', true],
    [403, 'text/plain', new TextEncoder().encode('Forbidden'), true],
    [404, 'text/plain', new Uint8Array(), true],
    [403, 'text/html', 'Forbidden', false],
    [404, 'application/json', '{"error":"mine"}', false],
    [404, 'text/plain', 'No widget here', false],
    [200, undefined, '', false],
    [302, undefined, '', false],
    [404, 'text/plain', 'x'.repeat(1000), false],
    [404, undefined, { a: 1 }, false],
  ])('%i %s %j -> %s', (status, contentType, body, expected) => {
    expect(isBareErrorResponse(status, contentType, body)).toBe(expected);
  });
});

describe('mayBeBareText: is a non-empty body worth reading?', () => {
  it.each([
    [405, 'text/plain; charset=UTF-8', true],
    [403, undefined, true],
    [404, '', true],
    [404, 'application/json', false],
    [404, 'text/html', false],
    [200, 'text/plain', false],
  ])('%i %s -> %s', (status, contentType, expected) => {
    expect(mayBeBareText(status, contentType)).toBe(expected);
  });

  it('agrees with isBareErrorResponse on every typed reason phrase', () => {
    for (const type of ['text/plain', 'application/json', 'text/html', undefined]) {
      expect(isBareErrorResponse(403, type, 'Forbidden')).toBe(mayBeBareText(403, type));
    }
  });
});

describe('HEAD and 416', () => {
  it('a HEAD error is bare when a GET would be: untyped or text, never JSON (our own answer included)', () => {
    expect(isBareErrorResponse(403, undefined, undefined, 'HEAD')).toBe(true);
    expect(isBareErrorResponse(403, 'text/plain; charset=utf-8', undefined, 'HEAD')).toBe(true);
    expect(isBareErrorResponse(403, 'application/json', undefined, 'HEAD')).toBe(false);
    expect(isBareErrorResponse(200, undefined, undefined, 'HEAD')).toBe(false);
  });

  it('a 416 keeps Content-Range; every other error drops it', () => {
    expect(staleHeaders(416)).not.toContain('content-range');
    expect(staleHeaders(416)).toContain('content-length');
    expect(staleHeaders(404)).toContain('content-range');
  });
});
