import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createErrorContract, type RequestLike } from '../../src/index.js';

// A secret is long and marked so it cannot appear in a body by coincidence (as 'a' would in 'about:blank').
const secret = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/).map((text) => `S3CR3T${text}`);
const fiveHundreds = fc.integer({ min: 500, max: 599 });

/** Errors of every kind core recognises, each hiding the secret where such an error keeps text. */
const thrownWithSecret = secret.chain((s) =>
  fc.tuple(
    fc.constant(s),
    fc.oneof(
      fc.constant(new Error(s)),
      fc.constant(Object.assign(new Error(`connect ECONNREFUSED ${s}`), { code: `E${s.toUpperCase()}`, path: `/srv/${s}/db.sock` })),
      fiveHundreds.map((status) => Object.assign(new Error(s), { status, expose: true })),
      fiveHundreds.map((status) => Object.assign(new Error(s), { statusCode: status, code: s.toLowerCase() })),
      fc.constant(new Error('outer', { cause: new Error(s) })),
      fc.constant(s),
      fc.constant({ message: s, stack: `Error: ${s}\n    at /home/app/${s}.js:1:1` }),
      fc.constant({ isBoom: true, output: { statusCode: 503, payload: { message: s } }, message: s }),
      fc.constant(Object.assign(new TypeError(s), { issues: 'not an array' })),
      fiveHundreds.map((status) => ({ status, message: s, detail: s, title: s, extensions: { s } })),
      fc.anything().map((extra) => ({ message: s, extra })),
      // Field problems and headers of a 5xx (createError(502, zodError)), and an upstream's answer.
      fiveHundreds.map((status) => ({ status, expose: true, issues: [{ message: s, path: [s] }], headers: { 'www-authenticate': s, 'retry-after': s } })),
      fc.integer({ min: 400, max: 599 }).map((status) => ({ isAxiosError: true, status, message: s, response: { status, headers: { 'www-authenticate': s }, data: s } })),
      fc.integer({ min: 400, max: 599 }).map((status) => ({ code: 'UND_ERR_RESPONSE_STATUS_CODE', status, statusCode: status, message: s, headers: { 'www-authenticate': s }, body: s })),
      // Getters that throw and proxies whose traps throw, around a secret.
      fc.constant(new Proxy({ message: s }, { get: (_target, key) => (key === 'message' ? s : (() => { throw new Error(s); })()) })),
      fc.constant(Object.defineProperty({ status: 500 }, 'message', { get: () => { throw new Error(s); } })),
      fc.constant({ message: s.repeat(2000) }),
    ),
    fc.constantFrom<'detailed' | 'compact'>('detailed', 'compact'),
  ),
);

const request: RequestLike = { method: 'GET', path: '/fail', headers: { accept: 'application/problem+json' } };

describe('a 5xx never sends what the error held', () => {
  it('for arbitrary thrown values and secrets, in both shapes', () => {
    fc.assert(
      fc.property(thrownWithSecret, ([s, error, shape]) => {
        const contract = createErrorContract({ shape, onError: () => {} });
        const response = contract.respond(error, request);
        if (response.status < 500) return; // a 4xx meant for clients may show its message: that is what expose means
        const sent = `${response.body}${JSON.stringify(response.headers)}`;
        expect(sent).not.toContain(s);
        expect(sent).not.toContain(s.toLowerCase());
        expect(sent).not.toContain(s.toUpperCase());
      }),
      { numRuns: 3000 },
    );
  });

  it('fc.anything() thrown never breaks the response', () => {
    const contract = createErrorContract({ onError: () => {} });
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withNullPrototype: true, withTypedArray: true }), (value) => {
        const response = contract.respond(value, request);
        expect(JSON.parse(response.body!).status).toBe(response.status);
      }),
      { numRuns: 2000 },
    );
  });

  it('exposeInternalErrors sends the message and stack, for development only', () => {
    const contract = createErrorContract({ exposeInternalErrors: true, onError: () => {} });
    const body = JSON.parse(contract.respond(new Error('db-7 is down'), request).body!);
    expect(body.detail).toBe('db-7 is down');
    expect(body.stack[0]).toBe('Error: db-7 is down');
  });
});

// Headers an error may send (core/src/rendering/headers.ts) and those the contract itself writes.
const ALLOWED_HEADER = /^(?:allow|retry-after|www-authenticate|ratelimit(?:-[a-z]+)?|x-ratelimit-[a-z-]+|content-type|cache-control|content-length)$/;

describe('no header outside the allow-list, and a 4xx not meant for clients shows nothing of it', () => {
  const headerName = fc.oneof(
    fc.constantFrom('Set-Cookie', 'Location', 'Content-Type', 'Access-Control-Allow-Origin', 'X-Internal', 'Allow', 'Retry-After', 'WWW-Authenticate', 'RateLimit'),
    fc.string({ maxLength: 12 }),
  );
  const thrown = fc.record({
    status: fc.integer({ min: 400, max: 599 }),
    expose: fc.constantFrom(true, false, undefined),
    headers: fc.dictionary(headerName, fc.oneof(fc.string({ maxLength: 40 }), fc.integer())),
  });

  it('for any status, expose and headers', () => {
    const contract = createErrorContract({ onError: () => {} });
    fc.assert(
      fc.property(thrown, secret, (error, s) => {
        const response = contract.respond({ ...error, message: s }, request);
        for (const name of Object.keys(response.headers)) expect(name).toMatch(ALLOWED_HEADER);
        for (const value of Object.values(response.headers)) expect(value).not.toMatch(/[\r\n\0]/);
        if (response.status >= 500 || error.expose !== true) expect(response.body).not.toContain(s);
      }),
      { numRuns: 3000 },
    );
  });
});
