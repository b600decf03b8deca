import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { acceptsJson, acceptsProblemJson } from '../../src/request/accept.js';
import { request } from '../helpers.js';

describe('acceptsJson', () => {
  it.each([
    ['application/json', true],
    ['application/problem+json', true],
    ['application/vnd.api+json', true],
    ['application/*', true],
    ['*/*', true],
    ['text/html, */*;q=0.1', true],
    ['APPLICATION/JSON', true],
    ['application/json; charset=utf-8', true],
    ['text/html', false],
    ['text/*', false],
    ['image/png, text/plain', false],
    ['application/json;q=0', false],
    // The client refused application/json but takes anything else, problem+json included.
    ['application/json;q=0, */*', true],
    ['application/json;q=0, application/problem+json;q=0, */*', false],
    ['application/json;q=0, application/problem+json', true],
    ['application/xml', false],
    ['application/vnd.api+json;q=0', false],
    ['not a media type', false],
    [';;;,,,', false],
    ['application/json;q=abc', false],
    ['\u0000\u0001', false],
  ])('%j -> %s', (accept, expected) => {
    expect(acceptsJson(accept)).toBe(expected);
  });

  it.each([undefined, null, '', '   '])('missing (%j) is its own answer: undefined', (accept) => {
    expect(acceptsJson(accept)).toBeUndefined();
  });

  it('gives the same verdict for a header longer than the memo keeps', () => {
    const long = `${'text/x-filler, '.repeat(40)}application/json`;
    expect(acceptsJson(long)).toBe(true);
    expect(acceptsJson(long)).toBe(true);
  });

  it('stays right after the memo has been cleared by many distinct headers', () => {
    for (let index = 0; index < 600; index++) acceptsJson(`text/x-${index}`);
    expect(acceptsJson('application/json')).toBe(true);
    expect(acceptsJson('text/html')).toBe(false);
  });
});

describe('acceptsProblemJson', () => {
  it.each([
    ['application/problem+json', true],
    ['application/json, application/problem+json;q=0.5', true],
    ['application/problem+json;q=0, application/json', false],
    ['application/json', false],
    ['*/*', false],
    [undefined, false],
  ])('%j -> %s', (accept, expected) => {
    expect(acceptsProblemJson(accept)).toBe(expected);
  });
});

describe('contract.checkRequest: the default refuses nothing an app would answer', () => {
  const contract = createErrorContract({ onError: () => {} });

  it.each([{}, { accept: 'text/html' }, { accept: 'image/png' }, { accept: ';;;' }])('Accept %j passes', (headers) => {
    expect(contract.checkRequest(request({ headers }))).toBeUndefined();
  });

  it('a path that does not decode passes (the app decides)', () => {
    expect(contract.checkRequest(request({ path: '/%ZZ' }))).toBeUndefined();
  });
});

describe("contract.checkRequest with accept: 'json'", () => {
  const contract = createErrorContract({ onError: () => {}, accept: 'json' });

  it('a missing Accept passes: it admits any type (RFC 9110 section 12.5.1)', () => {
    expect(contract.checkRequest(request({ headers: {} }))).toBeUndefined();
  });

  it('an Accept with no JSON type is 406', () => {
    expect(contract.checkRequest(request({ headers: { accept: 'text/html' } }))!.status).toBe(406);
  });

  it('a path that does not decode still passes: that is a switch of its own', () => {
    expect(contract.checkRequest(request({ path: '/%ZZ' }))).toBeUndefined();
  });
});

describe('contract.checkRequest: rejectMalformedPath alone', () => {
  const contract = createErrorContract({ onError: () => {}, rejectMalformedPath: true });

  it('refuses the path, and still no Accept', () => {
    expect(contract.checkRequest(request({ path: '/%ZZ', headers: {} }))!.status).toBe(400);
    expect(contract.checkRequest(request({ headers: { accept: 'text/html' } }))).toBeUndefined();
  });
});

describe("contract.checkRequest with accept: 'strict' and rejectMalformedPath (the service specification)", () => {
  const contract = createErrorContract({ onError: () => {}, accept: 'strict', rejectMalformedPath: true });

  it('passes a request that accepts JSON', () => {
    expect(contract.checkRequest(request())).toBeUndefined();
  });

  it('406 not_acceptable for a missing Accept, saying so', () => {
    const response = contract.checkRequest(request({ headers: {} }))!;
    expect(response.status).toBe(406);
    expect(JSON.parse(response.body!)).toMatchObject({ code: 'not_acceptable', detail: expect.stringContaining('no Accept header') });
  });

  it('406 not_acceptable for an Accept with no JSON type, saying so', () => {
    const response = contract.checkRequest(request({ headers: new Headers({ accept: 'text/html' }) }))!;
    expect(response.status).toBe(406);
    expect(JSON.parse(response.body!).detail).toContain('admits no JSON type');
  });

  it.each(['/widgets/%E0%A4%A', '/%ZZ', '/w/%', '/w/%FF'])('400 bad_request for a path that does not decode: %s', (path) => {
    const response = contract.checkRequest(request({ path }))!;
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body!)).toMatchObject({ code: 'bad_request', detail: 'The request path is not validly percent-encoded.' });
  });

  it('reads the path of an absolute-form target', () => {
    expect(contract.checkRequest(request({ path: 'http://example.com/%ZZ' }))!.status).toBe(400);
    expect(contract.checkRequest(request({ path: 'http://example.com/w?q=%ZZ' }))).toBeUndefined();
  });

  it('is linear in the Accept header: a 16 KB one costs no more than reading it', () => {
    const long = `${'text/x-filler;level=1;q=0.5, '.repeat(560)}application/json`;
    expect(long.length).toBeGreaterThan(16_000);
    expect(contract.checkRequest(request({ headers: { accept: long } }))).toBeUndefined();
    expect(contract.checkRequest(request({ headers: { accept: long.replace('application/json', 'text/plain') } }))!.status).toBe(406);
  });

  it.each(['/widgets/caf%C3%A9', '/w/%20x', '/plain', '/w?q=%ZZ'])('passes a path that decodes (or a bad query): %s', (path) => {
    expect(contract.checkRequest(request({ path }))).toBeUndefined();
  });

  it('checks Accept before the path', () => {
    expect(contract.checkRequest(request({ path: '/%ZZ', headers: {} }))!.status).toBe(406);
  });
});

describe('contract.checksBeforeRouting: whether adapters need a hook before routing (issue 43)', () => {
  it('is false with the defaults, where checkRequest refuses nothing', () => {
    expect(createErrorContract().checksBeforeRouting).toBe(false);
    expect(createErrorContract({ accept: 'any', rejectMalformedPath: false }).checksBeforeRouting).toBe(false);
  });

  it('is true when an Accept policy or the path check is on', () => {
    expect(createErrorContract({ accept: 'json' }).checksBeforeRouting).toBe(true);
    expect(createErrorContract({ accept: 'strict' }).checksBeforeRouting).toBe(true);
    expect(createErrorContract({ rejectMalformedPath: true }).checksBeforeRouting).toBe(true);
  });
});
