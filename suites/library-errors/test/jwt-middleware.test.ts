// jwtErrors() on the JWT middlewares as apps use them, each run for real behind its framework's
// adapter: express-jwt on Express 5, @fastify/jwt on Fastify 5, hono/jwt on Hono 4, and
// @nestjs/jwt's JwtService (jsonwebtoken underneath). Each failure (no token, another scheme, a
// malformed Bearer header, an expired, a not-yet-valid, a garbage and a wrongly signed token) gets
// one answer, the same status, body and WWW-Authenticate from every middleware, with nothing of
// the token or of the middleware's own sentence in it.
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createErrorContract, type ErrorContractOptions } from '@error-contract/core';
import { errorContract as expressContract } from '@error-contract/express';
import { errorContract as fastifyContract } from '@error-contract/fastify';
import { errorContract as honoContract } from '@error-contract/hono';
import { jwtErrors } from '@error-contract/core/presets';
import fastifyJwt from '@fastify/jwt';
import { JwtService } from '@nestjs/jwt';
import express from 'express';
import { expressjwt } from 'express-jwt';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { jwt as honoJwt } from 'hono/jwt';
import jsonwebtoken from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caught, SECRET_TOKEN_CLAIM, SECRETS } from '../src/secrets.js';

const KEY = 'a-signing-key-of-thirty-two-bytes!!';
const OTHER_KEY = 'another-signing-key-of-32-bytes!!!';
const now = Math.floor(Date.now() / 1000);
const claims = { sub: SECRET_TOKEN_CLAIM, email: SECRET_TOKEN_CLAIM };
const PATH = '/api/widgets';
const options: ErrorContractOptions = { typeBaseUrl: 'https://docs.example.com/errors/', logger: false, map: [jwtErrors({ realm: 'widgets' })] };

interface Seen {
  status: number;
  challenge: string | null;
  body: Record<string, unknown>;
  text: string;
}

// The requests: the Authorization header each sends (undefined: none).
const TOKENS = {
  expired: jsonwebtoken.sign({ ...claims, exp: now - 60 }, KEY),
  notYetValid: jsonwebtoken.sign({ ...claims, nbf: now + 3600 }, KEY),
  wronglySigned: jsonwebtoken.sign(claims, OTHER_KEY),
  garbage: `${SECRET_TOKEN_CLAIM}.not-a-token`,
  valid: jsonwebtoken.sign(claims, KEY),
};

const realm = 'realm="widgets"';
const invalidToken = (description: string) => `Bearer ${realm}, error="invalid_token", error_description="${description}"`;
const EXPECTED = {
  missing: { status: 401, code: 'unauthorized', detail: 'A bearer token is required in the Authorization header.', challenge: `Bearer ${realm}` },
  malformed: { status: 400, code: 'bad_request', detail: 'The Authorization header must be `Bearer` followed by one token.', challenge: `Bearer ${realm}, error="invalid_request", error_description="The Authorization header must be Bearer and one token"` },
  expired: { status: 401, code: 'unauthorized', detail: 'The access token expired.', challenge: invalidToken('The access token expired') },
  notYetValid: { status: 401, code: 'unauthorized', detail: 'The access token is not valid yet.', challenge: invalidToken('The access token is not valid yet') },
  invalid: { status: 401, code: 'unauthorized', detail: 'The access token is invalid.', challenge: invalidToken('The access token is invalid') },
} as const;

const CASES: [name: string, authorization: string | undefined, expected: keyof typeof EXPECTED][] = [
  ['no Authorization header', undefined, 'missing'],
  ['another scheme (Basic)', 'Basic dXNlcjpwYXNzd29yZA==', 'missing'],
  ['a bare "Bearer"', 'Bearer', 'malformed'],
  ['"Bearer" and two tokens', `Bearer ${TOKENS.valid} ${SECRET_TOKEN_CLAIM}`, 'malformed'],
  ['an expired token', `Bearer ${TOKENS.expired}`, 'expired'],
  ['a token not valid yet', `Bearer ${TOKENS.notYetValid}`, 'notYetValid'],
  ['a garbage token', `Bearer ${TOKENS.garbage}`, 'invalid'],
  ['a token signed with another key', `Bearer ${TOKENS.wronglySigned}`, 'invalid'],
];

// The middlewares' own sentences, none of which may reach a body or a header.
const THEIR_WORDS = [
  'No authorization token was found',
  'Format is Authorization',
  'jwt expired',
  'jwt malformed',
  'invalid signature',
  'jwt not active',
  'Authorization token expired',
  'Authorization token is invalid',
  'No Authorization was found',
  'no authorization included in request',
  'invalid credentials structure',
  'token verification failure',
  'The token is malformed',
];

function headersOf(authorization: string | undefined): Record<string, string> {
  return { accept: 'application/json', ...(authorization === undefined ? {} : { authorization }) };
}

function seen(status: number, challenge: string | null, text: string): Seen {
  return { status, challenge, text, body: JSON.parse(text) as Record<string, unknown> };
}

let expressBase = '';
let closeExpress: () => Promise<void> = async () => {};
const fastify = Fastify();
const hono = new Hono();

beforeAll(async () => {
  const app = express();
  const errors = expressContract(options);
  app.use('/api', errors.guard());
  app.get(PATH, expressjwt({ secret: KEY, algorithms: ['HS256'] }), (_req, res) => void res.json({ ok: true }));
  app.use('/api', errors.fallback());
  app.use('/api', errors.handler());
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  expressBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeExpress = () => new Promise<void>((resolve) => server.close(() => resolve()));

  await fastify.register(fastifyContract, { contract: createErrorContract(options) });
  await fastify.register(fastifyJwt, { secret: KEY });
  fastify.get(PATH, { onRequest: async (request) => void (await request.jwtVerify()) }, async () => ({ ok: true }));
  await fastify.ready();

  const errors2 = honoContract(hono, options);
  hono.use(errors2.middleware);
  hono.onError(errors2.onError);
  hono.notFound(errors2.notFound);
  hono.use('/api/*', honoJwt({ secret: KEY, alg: 'HS256' }));
  hono.get(PATH, (c) => c.json({ ok: true }));
});

afterAll(async () => {
  await closeExpress();
  await fastify.close();
});

const nest = new JwtService({ secret: KEY });
const nestContract = createErrorContract(options);

/** What each middleware answers the request with; @nestjs/jwt has no middleware: its JwtService's error, answered by the contract. */
const MIDDLEWARES: [string, (authorization: string | undefined) => Promise<Seen | undefined>][] = [
  [
    'express-jwt 8 on Express 5',
    async (authorization) => {
      const res = await fetch(`${expressBase}${PATH}`, { headers: headersOf(authorization) });
      return seen(res.status, res.headers.get('www-authenticate'), await res.text());
    },
  ],
  [
    '@fastify/jwt 10 on Fastify 5',
    async (authorization) => {
      const res = await fastify.inject({ method: 'GET', url: PATH, headers: headersOf(authorization) });
      return seen(res.statusCode, (res.headers['www-authenticate'] as string | undefined) ?? null, res.body);
    },
  ],
  [
    'hono/jwt on Hono 4',
    async (authorization) => {
      const res = await hono.request(PATH, { headers: headersOf(authorization) });
      return seen(res.status, res.headers.get('www-authenticate'), await res.text());
    },
  ],
  [
    "@nestjs/jwt 12's JwtService.verifyAsync",
    async (authorization) => {
      // a guard reads the token as Nest's docs show: `Bearer <token>`, else no token to verify
      const [scheme, token, extra] = (authorization ?? '').split(' ');
      if (scheme !== 'Bearer' || token === undefined || extra !== undefined) return undefined;
      const error = await caught(() => nest.verifyAsync(token));
      const response = nestContract.respond(error, { method: 'GET', path: PATH, headers: headersOf(authorization) });
      return seen(response.status, response.headers['www-authenticate'] ?? null, response.body!);
    },
  ],
];

describe.each(MIDDLEWARES)('jwtErrors() on %s', (_name, send) => {
  it.each(CASES)('%s', async (_case, authorization, expected) => {
    const answer = await send(authorization);
    if (answer === undefined) {
      // JwtService has no header to read: only the token cases reach it
      expect(['missing', 'malformed']).toContain(expected);
      return;
    }
    const want = EXPECTED[expected];
    expect(answer.status).toBe(want.status);
    expect(answer.challenge).toBe(want.challenge);
    expect(answer.body).toEqual({ type: `https://docs.example.com/errors/${want.code}`, title: want.status === 400 ? 'Bad Request' : 'Unauthorized', status: want.status, detail: want.detail, instance: PATH, code: want.code });
    const whole = `${answer.text}\n${answer.challenge}`;
    for (const secret of [...SECRETS, ...Object.values(TOKENS), ...Object.values(TOKENS).flatMap((token) => token.split('.'))]) expect(whole).not.toContain(secret);
    for (const words of THEIR_WORDS) expect(whole.toLowerCase()).not.toContain(words.toLowerCase());
  });

  it('a valid token passes', async () => {
    if (_name.startsWith('@nestjs')) {
      expect(await nest.verifyAsync(TOKENS.valid)).toMatchObject({ sub: SECRET_TOKEN_CLAIM });
      return;
    }
    const res = await send(`Bearer ${TOKENS.valid}`).catch((error: unknown) => error);
    // the send helpers parse a body: a success is { ok: true }
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });
});

describe('one failure, one answer: every middleware alike', () => {
  it.each(CASES)('%s', async (_case, authorization) => {
    const answers = (await Promise.all(MIDDLEWARES.map(([, send]) => send(authorization)))).filter((answer) => answer !== undefined);
    expect(answers.length).toBeGreaterThanOrEqual(3);
    for (const answer of answers.slice(1)) expect({ ...answer }).toEqual({ ...answers[0] });
  });
});

describe('what the middlewares throw, as the preset reads it', () => {
  it("express-jwt's UnauthorizedError wraps jsonwebtoken's error in `inner`", async () => {
    const res = await fetch(`${expressBase}${PATH}`, { headers: headersOf(`Bearer ${TOKENS.expired}`) });
    expect(res.status).toBe(401);
    // and without the preset it is a bare 401 with the contract's default challenge
    const plain = createErrorContract({ logger: false });
    const error = Object.assign(new Error('jwt expired'), { name: 'UnauthorizedError', code: 'invalid_token', status: 401, inner: new jsonwebtoken.TokenExpiredError('jwt expired', new Date()) });
    expect(plain.respond(error, { method: 'GET', path: PATH, headers: {} }).headers['www-authenticate']).toBe('Bearer');
  });

  it('without a realm, a missing token gets the contract\'s `challenge`', async () => {
    const contract = createErrorContract({ logger: false, map: [jwtErrors()], challenge: 'Bearer realm="api"' });
    const app = new Hono();
    const errors = honoContract(app, contract);
    app.use(errors.middleware);
    app.onError(errors.onError);
    app.use('/api/*', honoJwt({ secret: KEY, alg: 'HS256' }));
    app.get(PATH, (c) => c.json({ ok: true }));
    const res = await app.request(PATH);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="api"');
  });
});
