// RFC 9110 section 15.5.2: a 401 MUST carry at least one WWW-Authenticate challenge. The
// contract's `challenge` option is the one a 401 gets when neither the thrown value nor the app
// gave one; theirs is kept.
import { Boom } from '@hapi/boom';
import { HTTPException } from 'hono/http-exception';
import createError from 'http-errors';
import { describe, expect, it } from 'vitest';
import { createErrorContract, problem, problems, unauthorized, type ErrorResponse } from '../../src/index.js';
import { headersOver } from '../../src/adapter.js';
import { answer, request } from '../helpers.js';

describe('a 401 that brings no challenge gets the contract\'s', () => {
  it.each([
    ['a bare 401 (problem(401), as adapters answer res.status(401).end())', () => problem(401)],
    ['unauthorized() without a challenge', () => unauthorized()],
    ["http-errors' createError(401)", () => createError(401)],
    ["Hono's HTTPException(401, { message })", () => new HTTPException(401, { message: 'Sign in first.' })],
    ["Boom's unauthorized() without a scheme", () => new Boom('Sign in first.', { statusCode: 401 })],
    ['a plain object with status 401', () => ({ status: 401 })],
  ])('%s: the default, `Bearer`', (_name, make) => {
    const { status, headers } = answer(make());
    expect(status).toBe(401);
    expect(headers['www-authenticate']).toBe('Bearer');
  });

  it('`challenge` sets it, one or several', () => {
    expect(answer(problem(401), { challenge: 'Bearer realm="api"' }).headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(answer(createError(401), { challenge: ['Bearer realm="api"', 'Basic realm="api"'] }).headers['www-authenticate']).toBe('Bearer realm="api", Basic realm="api"');
  });

  it.each([
    ['unauthorized({ challenge })', () => unauthorized({ challenge: 'Bearer realm="widgets"' })],
    ["http-errors' 401 with its headers", () => createError(401, { headers: { 'WWW-Authenticate': 'Bearer realm="widgets"' } })],
    ["Hono's HTTPException with a res that carries one", () => new HTTPException(401, { res: new Response(null, { headers: { 'WWW-Authenticate': 'Bearer realm="widgets"' } }) })],
  ])("%s keeps its own, as before", (_name, make) => {
    const response = createErrorContract({ logger: false, challenge: 'Basic realm="other"' }).respond(make(), request());
    expect(response.headers['www-authenticate']).toBe('Bearer realm="widgets"');
    expect(response.defaultHeaders).toBeUndefined();
  });

  it('other statuses get none, and a 401 sent as 400 (`statuses` without 401) none either', () => {
    for (const status of [400, 403, 404, 407, 500]) expect(answer(problem(status)).headers['www-authenticate']).toBeUndefined();
    expect(answer(problem(401), { statuses: [400, 404, 500] })).toMatchObject({ status: 400, headers: { 'content-type': 'application/json' } });
    expect(answer(problem(401), { statuses: [400, 404, 500] }).headers['www-authenticate']).toBeUndefined();
  });

  it('the compiled answer of a plain 401 carries it too, request after request, and HEAD', () => {
    const contract = createErrorContract({ logger: false, challenge: 'Bearer realm="api"' });
    for (let round = 0; round < 3; round++) {
      const response = contract.respond(problems.unauthorized(), request());
      expect(response.headers).toEqual({ 'www-authenticate': 'Bearer realm="api"', 'cache-control': 'no-store', 'content-type': 'application/json' });
      expect(response.defaultHeaders).toEqual(['www-authenticate']);
    }
    const head = contract.respond(problems.unauthorized(), request({ method: 'HEAD' }));
    expect(head).toMatchObject({ status: 401, body: null, headers: { 'www-authenticate': 'Bearer realm="api"' } });
  });

  it.each([
    ['empty', ''],
    ['CR LF', 'Bearer\r\nSet-Cookie: a=b'],
    ['no scheme', ' realm="api"'],
    ['a trailing space', 'Bearer '],
    ['a number', 401],
    ['an empty list', []],
  ])('a `challenge` that is %s is a TypeError at creation', (_name, challenge) => {
    expect(() => createErrorContract({ challenge: challenge as never })).toThrow(/`challenge` must be a WWW-Authenticate challenge/);
  });
});

describe('headersOver: what an adapter writes over a response the app already set headers on', () => {
  const challenged = (): ErrorResponse => createErrorContract({ logger: false }).respond(problem(401), request());

  it("a challenge the app set stays over the contract's default", () => {
    const written = headersOver(challenged(), (name) => (name === 'www-authenticate' ? 'Basic realm="app"' : undefined));
    expect(written['www-authenticate']).toBeUndefined();
    expect(written['content-type']).toBe('application/json');
  });

  it('without one on the response, the default is written', () => {
    for (const none of [undefined, null, '', []]) expect(headersOver(challenged(), () => none)['www-authenticate']).toBe('Bearer');
  });

  it("the error's own challenge is written over the app's", () => {
    const response = createErrorContract({ logger: false }).respond(unauthorized({ challenge: 'Bearer error="invalid_token"' }), request());
    expect(headersOver(response, () => 'Basic realm="app"')['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it("a Vary is added to the app's; nothing to merge returns the headers as they are", () => {
    const languages = createErrorContract({ logger: false, languages: ['en', 'de'] }).respond(problem(404), request());
    expect(headersOver(languages, (name) => (name === 'vary' ? 'Origin' : undefined)).vary).toBe('Origin, Accept-Language');
    const plain = createErrorContract({ logger: false }).respond(problem(404), request());
    expect(headersOver(plain, () => 'x')).toBe(plain.headers);
  });
});
