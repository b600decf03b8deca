// The Web Fetch API's side of the contract, which the Hono and Next.js adapters share.
import { describe, expect, it } from 'vitest';
import { createErrorContract } from '../../src/index.js';
import { fetchFailureToAnswer, fetchRequestLike, isContractResponse, markContractResponse, pathOfUrl, replaceBareResponse, toFetchResponse } from '../../src/adapter.js';

const contract = createErrorContract({ onError: () => {} });

describe('pathOfUrl(url)', () => {
  it.each([
    ['https://api.example.com/widgets/%22?x=1', '/widgets/%22'],
    ['http://127.0.0.1:3000', '/'],
    ['/relative/path?q', '/relative/path'],
  ])('%s -> %s', (url, path) => {
    expect(pathOfUrl(url)).toBe(path);
  });
});

describe('fetchRequestLike(request)', () => {
  it('method, the path as sent, the headers', () => {
    const like = fetchRequestLike(new Request('http://x/api/%3Cb%3E?q=1', { method: 'PUT', headers: { accept: 'application/json' } }));
    expect(like).toMatchObject({ method: 'PUT', path: '/api/%3Cb%3E' });
    expect((like.headers as Headers).get('accept')).toBe('application/json');
  });
});

describe('toFetchResponse(response, base?)', () => {
  const request = { method: 'GET', path: '/x', headers: {} };

  it("a contract answer as a Response, marked as the contract's", async () => {
    const res = toFetchResponse(contract.respond(new Error('secret'), request));
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(isContractResponse(res)).toBe(true);
    expect(await res.text()).not.toContain('secret');
  });

  it("keeps a replaced response's headers, less those of its body, and adds to its Vary", () => {
    const base = new Headers({ 'access-control-allow-origin': '*', 'content-length': '3', vary: 'Origin', etag: '"x"' });
    const res = toFetchResponse({ status: 404, headers: { 'content-type': 'application/json', vary: 'Accept' }, body: '{}' }, base);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('vary')).toBe('Origin, Accept');
  });

  it('markContractResponse marks any Response', () => {
    const res = new Response(null, { status: 404 });
    expect(isContractResponse(res)).toBe(false);
    expect(isContractResponse(markContractResponse(res))).toBe(true);
  });
});

describe('fetchFailureToAnswer(res, method)', () => {
  it('a success and our own answer: nothing, at once', () => {
    expect(fetchFailureToAnswer(new Response('ok'), 'GET')).toBeUndefined();
    expect(fetchFailureToAnswer(markContractResponse(new Response(null, { status: 404 })), 'GET')).toBeUndefined();
  });

  it('a bare error: its status', async () => {
    expect(fetchFailureToAnswer(new Response(null, { status: 403 }), 'GET')).toMatchObject({ status: 403 });
    expect(await fetchFailureToAnswer(new Response('Not Found', { status: 404 }), 'GET')).toMatchObject({ status: 404 });
  });

  it("the app's own error body is no failure to answer", async () => {
    expect(await fetchFailureToAnswer(Response.json({ message: 'mine' }, { status: 409 }), 'GET')).toBeUndefined();
    expect(await fetchFailureToAnswer(new Response('x'.repeat(100), { status: 500, headers: { 'content-type': 'text/plain' } }), 'GET')).toBeUndefined();
  });

  it("a validator's own 400 (Standard Schema issues): the failure, to be answered as validation_failed", async () => {
    const body = { success: false, error: [{ code: 'too_small', path: ['name'], message: 'Too small' }], data: { name: '' } };
    const found = await fetchFailureToAnswer(Response.json(body, { status: 400 }), 'POST');
    const answer = contract.respond(found, { method: 'POST', path: '/w', headers: {} });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body!)).toMatchObject({ code: 'validation_failed', errors: [{ field: 'name' }] });
    // an app's own 400 JSON of another shape is its answer
    expect(await fetchFailureToAnswer(Response.json({ unrelated: true }, { status: 400 }), 'POST')).toBeUndefined();
  });

  it('a streamed body is not waited for', async () => {
    const stream = new ReadableStream({ start() {} });
    expect(await fetchFailureToAnswer(new Response(stream, { status: 500, headers: { 'content-type': 'text/plain' } }), 'GET')).toBeUndefined();
  });
});

describe('replaceBareResponse(res, method, answer)', () => {
  const request = { method: 'GET', path: '/widgets/7', headers: { accept: 'application/json' } };
  const answer = (res: Response) => (failure: unknown) => toFetchResponse(contract.respond(failure, request), res.headers);

  it('a success is the response itself, at once, and answer is never called', () => {
    const res = new Response('ok', { headers: { etag: '"1"' } });
    let called = false;
    expect(replaceBareResponse(res, 'GET', () => (called = true))).toBe(res);
    expect(called).toBe(false);
  });

  it("a bare error with no body: the contract's answer, at once, with the replaced response's headers", () => {
    const res = new Response(null, { status: 403, headers: { 'access-control-allow-origin': '*' } });
    const replaced = replaceBareResponse(res, 'GET', answer(res));
    expect(replaced).toBeInstanceOf(Response);
    expect((replaced as Response).status).toBe(403);
    expect((replaced as Response).headers.get('access-control-allow-origin')).toBe('*');
    expect(isContractResponse(replaced as Response)).toBe(true);
  });

  it("a reason phrase in text: the contract's answer once the small body is read", async () => {
    const res = new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
    const replaced = replaceBareResponse(res, 'GET', answer(res));
    expect(replaced).toBeInstanceOf(Promise);
    const found = (await replaced) as Response;
    expect(JSON.parse(await found.text())).toMatchObject({ status: 404, code: 'not_found', instance: '/widgets/7' });
  });

  it("the app's own error body: the response itself", async () => {
    const res = Response.json({ message: 'mine' }, { status: 409 });
    expect(await replaceBareResponse(res, 'GET', answer(res))).toBe(res);
  });
});
