import express from 'express';
import { Hono } from 'hono';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorContractMatchers } from '../src/index.js';
import '../src/vitest.js';

const detailed = {
  type: 'https://docs.example.com/errors/not_found',
  title: 'Not Found',
  status: 404,
  detail: 'No widget has the id "9".',
  instance: '/api/widgets/9',
  code: 'not_found',
};
const compact = { errors: [{ code: 'validation_failed', message: 'name: must be 1 to 50 characters' }] };
const json = { 'content-type': 'application/json' };

/** A supertest-like response: lower-case headers, text and parsed body. */
function plain(status: number, body: unknown, headers: Record<string, string> = json) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers, text, body: typeof body === 'string' ? {} : body };
}

/** What a matcher says: its message when it fails, or 'pass'. */
async function verdict(name: keyof typeof errorContractMatchers, received: unknown, ...args: unknown[]): Promise<string> {
  const matcher = errorContractMatchers[name] as (received: unknown, ...args: unknown[]) => ReturnType<typeof errorContractMatchers.toBeErrorContract>;
  const result = await matcher(received, ...args);
  return result.pass ? 'pass' : result.message();
}

describe('toBeErrorContract() on a supertest-like response', () => {
  it('passes for the detailed and the compact shape, and for application/problem+json', () => {
    expect(plain(404, detailed)).toBeErrorContract();
    expect(plain(400, compact)).toBeErrorContract();
    expect(plain(404, detailed, { 'content-type': 'application/problem+json; charset=utf-8' })).toBeErrorContract();
  });

  it.each([
    ['a success', plain(200, [{ id: '1' }]), 'expected an error status (4xx or 5xx), got 200'],
    ['an HTML page', plain(404, '<h1>Not Found</h1>', { 'content-type': 'text/html' }), 'expected Content-Type application/json or application/problem+json, got text/html'],
    ['no Content-Type', plain(404, detailed, {}), 'got none'],
    ['an empty body', plain(404, ''), 'expected a JSON error body, got an empty body'],
    ['text that is no JSON', plain(500, 'Internal Server Error'), 'expected a JSON error body, got "Internal Server Error"'],
    ['a JSON array', plain(500, [1, 2]), 'expected a JSON object in the detailed or the compact shape'],
    ['an object in neither shape', plain(500, { message: 'boom' }), 'expected the detailed {type,title,status,detail,instance,code} or the compact'],
    ['a detailed status that is not the HTTP status', plain(404, { ...detailed, status: 500 }), 'expected status member 404 (the HTTP status), got 500'],
    ['a detailed body without status', plain(404, { ...detailed, status: undefined }), 'expected status member 404 (the HTTP status), got none'],
    ['a detailed body missing members', plain(404, { code: 'not_found', status: 404 }), '"type" must be a non-empty string'],
    ['detailed errors that are not an array', plain(400, { ...detailed, status: 400, errors: 'name' }), '"errors" must be an array of {field, detail}'],
    ['a detailed field problem without detail', plain(400, { ...detailed, status: 400, errors: [{ field: 'name' }] }), 'errors[0] must be {field, detail}'],
    ['a compact element without message', plain(400, { errors: [{ code: 'bad_request' }] }), 'compact shape: errors[0] must be {code, message}'],
    ['a code not in lower_snake_case', plain(404, { ...detailed, code: 'NotFound' }), 'expected code in lower_snake_case, got NotFound'],
    ['a stack in a JSON string', plain(500, { ...detailed, status: 500, detail: 'Error: x\n    at f (/app/x.js:1:1)' }), 'the body holds a stack trace'],
    ['a raw stack', plain(500, 'Error: boom\n    at f (/app/x.js:1:1)', { 'content-type': 'text/plain' }), 'the body holds a stack trace'],
  ])('fails for %s, saying what differs', async (_name, received, expected) => {
    expect(await verdict('toBeErrorContract', received)).toContain(expected);
    expect(() => expect(received).toBeErrorContract()).toThrow(expected.slice(0, 40));
  });

  it('.not passes for what breaks the contract, and says so when it does not', async () => {
    expect(plain(200, {})).not.toBeErrorContract();
    expect(() => expect(plain(404, detailed)).not.toBeErrorContract()).toThrow('expected the response not to be an error in the contract, but it is one (404 detailed not_found)');
  });

  it('reads statusCode, payload, array headers and a body without text (light-my-request, Node)', () => {
    expect({ statusCode: 404, headers: { 'Content-Type': ['application/json'] }, payload: JSON.stringify(detailed) }).toBeErrorContract();
    expect({ status: 404, headers: json, body: detailed }).toBeErrorContract();
    expect({ status: 404, headers: json, body: JSON.stringify(detailed) }).toBeErrorContract();
    expect({ status: 404, headers: { 'content-type': undefined } }).not.toBeErrorContract();
    expect({ status: 404 }).not.toBeErrorContract();
  });

  it('throws a TypeError for what is no response', () => {
    expect(() => expect(42).toBeErrorContract()).toThrow('expected a response (supertest, fetch Response, Hono app.request() result), got number');
    expect(() => expect(null).toBeErrorContract()).toThrow('got null');
    expect(() => expect([]).toBeErrorContract()).toThrow('got an array');
    expect(() => expect({ headers: {} }).toBeErrorContract()).toThrow('got object');
  });
});

describe('toBeProblem(expected) on a supertest-like response', () => {
  it('passes when status, code, shape, fields and headers match', () => {
    expect(plain(404, detailed)).toBeProblem({ status: 404, code: 'not_found', shape: 'detailed' });
    expect(plain(400, compact)).toBeProblem({ status: 400, code: 'validation_failed', shape: 'compact', fields: ['name'] });
    expect(plain(400, { ...detailed, status: 400, code: 'validation_failed', errors: [{ field: 'name', detail: 'too long' }] })).toBeProblem({ fields: ['name'] });
    expect(plain(405, { ...detailed, status: 405, code: 'method_not_allowed' }, { ...json, allow: 'GET, HEAD' })).toBeProblem({
      status: 405,
      headers: { Allow: 'GET, HEAD' },
    });
    expect(plain(401, { ...detailed, status: 401, code: 'unauthorized' }, { ...json, 'www-authenticate': 'Bearer realm="x"' })).toBeProblem({ headers: { 'www-authenticate': /^Bearer / } });
    expect(plain(404, detailed)).toBeProblem({});
  });

  it.each([
    ['another code', plain(405, { ...detailed, status: 405, code: 'method_not_allowed' }), { status: 404, code: 'not_found' }, 'expected code not_found, got method_not_allowed'],
    ['another status', plain(405, { ...detailed, status: 405, code: 'method_not_allowed' }), { status: 404 }, 'expected status 404, got 405'],
    ['no code at all', plain(404, { ...detailed, code: undefined }), { code: 'not_found' }, 'expected code not_found, got none'],
    ['an HTML page', plain(404, '<h1>Not Found</h1>', { 'content-type': 'text/html' }), { code: 'not_found' }, 'expected a JSON error body, got "<h1>Not Found</h1>"'],
    ['another shape', plain(404, detailed), { shape: 'compact' }, 'expected the compact shape, got detailed'],
    ['other detailed fields', plain(400, { ...detailed, status: 400, errors: [{ field: 'price', detail: 'negative' }] }), { fields: ['name'] }, 'expected fields [name], got [price]'],
    ['other compact fields', plain(400, compact), { fields: ['name', 'price'] }, 'expected fields [name, price], got messages ["name: must be 1 to 50 characters"]'],
    ['a missing header', plain(405, { ...detailed, status: 405 }), { headers: { allow: 'GET' } }, 'expected header allow: GET, got none'],
    ['a header not matching', plain(405, { ...detailed, status: 405 }, { ...json, allow: 'POST' }), { headers: { allow: /GET/ } }, 'expected header allow: /GET/, got POST'],
  ])('fails for %s', async (_name, received, expected, message) => {
    expect(await verdict('toBeProblem', received, expected)).toContain(message);
    expect(() => expect(received).toBeProblem(expected as never)).toThrow(message);
  });

  it('names the expected problem, also with .not', () => {
    expect(() => expect(plain(404, detailed)).toBeProblem({ status: 405 })).toThrow('expected a 405 problem, but:');
    expect(() => expect(plain(404, detailed)).not.toBeProblem({ status: 404, code: 'not_found' })).toThrow('expected the response not to be a 404 not_found problem, but it is one');
    expect(() => expect(plain(200, {})).toBeProblem({})).toThrow('expected a problem, but:');
    expect(plain(404, detailed)).not.toBeProblem({ code: 'gone' });
  });

  it('needs an expectation', () => {
    expect(() => expect(plain(404, detailed)).toBeProblem(undefined as never)).toThrow('toBeProblem takes the expected problem');
  });
});

describe('matchers on a real supertest response', () => {
  const app = express();
  app.get('/widgets/:id', (_req, res) => {
    res.status(404).json(detailed);
  });

  it('judges Express answers through supertest', async () => {
    expect(await request(app).get('/widgets/9')).toBeProblem({ status: 404, code: 'not_found' });
    // Express's own 404 is an HTML page
    const html = await request(app).get('/gadgets');
    expect(html).not.toBeErrorContract();
    expect(await verdict('toBeProblem', html, { status: 404, code: 'not_found' })).toContain('expected Content-Type application/json or application/problem+json, got text/html; charset=utf-8');
  });
});

describe('matchers on a fetch Response', () => {
  const response = (status: number, body: unknown, headers: Record<string, string> = json) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });

  it('are async: await them', async () => {
    await expect(response(404, detailed)).toBeErrorContract();
    await expect(response(404, detailed)).toBeProblem({ status: 404, code: 'not_found' });
    await expect(response(404, '<h1>x</h1>', { 'content-type': 'text/html' })).not.toBeErrorContract();
    await expect(expect(response(404, detailed)).toBeProblem({ code: 'gone' })).rejects.toThrow('expected code gone, got not_found');
  });

  it('read the body once, from a clone: several matchers, and the test can still read it', async () => {
    const res = response(400, compact);
    await expect(res).toBeErrorContract();
    await expect(res).toBeProblem({ code: 'validation_failed', fields: ['name'] });
    expect(await res.json()).toEqual(compact);
  });

  it('accept a promised response', async () => {
    await expect(Promise.resolve(response(404, detailed))).toBeProblem({ status: 404 });
  });

  it('say so when the body was already read', async () => {
    const res = response(404, detailed);
    await res.text();
    await expect(expect(res).toBeErrorContract()).rejects.toThrow('the Response body was already read');
  });
});

describe("matchers on Hono's app.request()", () => {
  // answered by hand in the contract's shapes: the kit judges answers, whoever wrote them
  const app = new Hono();
  const problem = (status: number, code: string, instance: string, extra: object = {}) => ({ ...detailed, status, code, instance, ...extra });
  app.get('/widgets/:id', (c) => c.json(problem(404, 'not_found', c.req.path), 404));
  app.post('/widgets', (c) => c.json(problem(400, 'validation_failed', c.req.path, { errors: [{ field: 'name', detail: 'is required' }] }), 400));
  app.put('/widgets', (c) => c.json(problem(405, 'method_not_allowed', c.req.path), 405, { allow: 'GET, HEAD, POST' }));
  app.notFound((c) => c.json(problem(404, 'not_found', c.req.path), 404));

  it('judges the Response Hono gives', async () => {
    const headers = { accept: 'application/json' };
    await expect(await app.request('/widgets/9', { headers })).toBeProblem({ status: 404, code: 'not_found', shape: 'detailed' });
    await expect(await app.request('/widgets', { method: 'POST', headers })).toBeProblem({ status: 400, code: 'validation_failed', fields: ['name'] });
    await expect(await app.request('/widgets', { method: 'PUT', headers })).toBeProblem({ status: 405, code: 'method_not_allowed', headers: { allow: /GET/ } });
    await expect(app.request('/nothing', { headers })).toBeProblem({ status: 404, code: 'not_found' });
  });

  it("fails Hono's own text 404 without the contract", async () => {
    const bare = new Hono();
    const res = await bare.request('/nothing');
    await expect(res).not.toBeErrorContract();
    await expect(expect(res).toBeProblem({ status: 404 })).rejects.toThrow('got text/plain; charset=UTF-8');
  });
});

describe('toBeDeclaredFor(document, method, path)', () => {
  const pinned = (codes: string[]) => ({ description: 'x', content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'string', enum: codes } } } } } });
  const document = {
    openapi: '3.1.0',
    info: { title: 'Widgets', version: '1' },
    paths: { '/api/widgets/{id}': { get: { responses: { '200': { description: 'ok' }, '404': pinned(['not_found']), '500': { description: 'any' } } } } },
  };

  it('passes an error whose status and code the operation declares', async () => {
    expect(await verdict('toBeDeclaredFor', plain(404, detailed), document, 'GET', '/api/widgets/{id}')).toBe('pass');
    await expect(plain(404, detailed)).toBeDeclaredFor(document, 'get', '/api/widgets/{id}');
  });

  it('fails a code the status does not name, and a status the operation does not list, naming them', async () => {
    expect(await verdict('toBeDeclaredFor', plain(404, { ...detailed, code: 'widget_gone' }), document, 'GET', '/api/widgets/{id}')).toBe(
      'expected an error GET /api/widgets/{id} declares, but:\n  - GET /api/widgets/{id} answered 404 with `widget_gone`, which its document does not declare for 404 (declared: not_found)',
    );
    expect(await verdict('toBeDeclaredFor', plain(409, { ...detailed, status: 409, code: 'conflict' }), document, 'GET', '/api/widgets/{id}')).toContain('409 is not among the responses the document declares for GET /api/widgets/{id} (it declares 404, 500)');
  });

  it('a status whose schema pins no code takes any code; an operation the document lacks is a TypeError', async () => {
    expect(await verdict('toBeDeclaredFor', plain(500, { ...detailed, status: 500, code: 'internal_server_error' }), document, 'GET', '/api/widgets/{id}')).toBe('pass');
    expect(() => errorContractMatchers.toBeDeclaredFor(plain(404, detailed), document, 'DELETE', '/api/widgets/{id}')).toThrow(/has no DELETE/);
  });
});
