// One Elysia app with the plugin, and the table of what it must answer: run through `app.handle()`
// on Node (plugin.test.ts) and over HTTP on Bun (bun.test.ts), so that both runtimes are held to
// the same rows.
import { forbidden, type RequestLike } from '@error-contract/core';
import { Elysia, NotFoundError, status, t } from 'elysia';
import { z } from 'zod';
import { errorContract } from '../src/index.js';

export const TYPE_BASE = 'https://docs.example.com/errors/';

/** The requests core's `onError` option saw, with the route each carried (for `http.route`). */
export const seen: RequestLike[] = [];

class TeapotError extends Error {
  status = 418;
}

class ExposedConflict extends Error {
  status = 409;
  expose = true;
}

/** A plugin of the app's, used after the contract: its routes get the contract too. */
const reports = new Elysia({ name: 'reports' }).get('/api/reports/broken', () => {
  throw new Error('report engine crashed: token=abc123');
});

/** The app of the table; `config` is Elysia's (an adapter, say). */
export function createApp(config: ConstructorParameters<typeof Elysia>[0] = {}) {
  const errors = errorContract({
    typeBaseUrl: TYPE_BASE,
    scope: '/api',
    accept: 'strict',
    rejectMalformedPath: true,
    logger: false,
    onError: (_error, _problem, request) => {
      seen.push(request);
    },
  });
  return new Elysia(config)
    .use(errors)
    .onRequest(function cors({ set }) {
      set.headers['access-control-allow-origin'] = 'https://app.example.com';
      set.headers.vary = 'Origin';
    })
    .get('/api/widgets', () => [{ id: '1', name: 'Sprocket' }])
    .post('/api/widgets', ({ body }) => status(201, body), {
      body: t.Object({ name: t.String({ minLength: 1, maxLength: 50 }), price: t.Optional(t.Number({ minimum: 0 })) }, { additionalProperties: false }),
    })
    .post('/api/named-widgets', ({ body }) => body, {
      body: t.Object({ name: t.String({ minLength: 1, error: 'Give the widget a name.' }) }),
    })
    .post('/api/orders', ({ body }) => body, {
      body: t.Object({ items: t.Array(t.Object({ name: t.String(), quantity: t.Integer({ minimum: 1 }) })) }),
    })
    .post('/api/zod-widgets', ({ body }) => body, { body: z.strictObject({ name: z.string().min(1), price: z.number().min(0).optional() }) })
    .get('/api/search', ({ query }) => query, { query: t.Object({ q: t.String({ minLength: 2 }) }) })
    .get('/api/widgets/:id', ({ params }) => {
      if (params.id === '9') throw new NotFoundError('No widget "9".');
      return { id: params.id };
    })
    // status(204) is left out: on Node, Elysia 1.4.30's Web Standard adapter makes a 204 with a body, which Response refuses
    .delete('/api/widgets/:id', () => status(202, { queued: true }))
    .get('/api/fail', () => {
      throw new Error('connection to db-7 failed: password=hunter2');
    })
    .get('/api/teapot', () => {
      throw new TeapotError('the kettle at 10.0.0.7 is cold');
    })
    .get('/api/locked', () => {
      throw new ExposedConflict('The widget is locked.');
    })
    .get('/api/taken', () => status(409, 'That name is taken.'))
    .get('/api/taken-thrown', () => {
      throw status(409, 'That name is taken.');
    })
    .get('/api/taken-object', () => status(422, { message: 'The order is empty.' }))
    .get('/api/gone', () => status(410))
    .get('/api/bare', () => new Response(null, { status: 403, headers: { 'x-request-id': 'req-8' } }))
    // a body that must be read to be known bare: the one answer the hook gives as a promise
    .get('/api/bare-text', () => new Response('Forbidden', { status: 403, headers: { 'content-type': 'text/plain', 'x-request-id': 'req-9' } }))
    .get('/api/own-body', () => Response.json({ reason: 'the app wrote this' }, { status: 409 }))
    .get('/api/down', () => status(503, 'pool exhausted at db-7'))
    .get('/api/download', ({ set }) => {
      set.headers['content-disposition'] = 'attachment; filename="report.csv"';
      set.headers['x-request-id'] = 'req-7';
      throw new Error('disk full');
    })
    .get('/api/bad-answer', () => ({ id: 7 }) as unknown as { id: string }, { response: t.Object({ id: t.String() }) })
    .post('/api/readers-only', ({ body }) => body, {
      parse: () => {
        throw forbidden('Readers cannot post here.');
      },
    })
    .group('/api/files', (files) => files.get('/*', () => 'a file'))
    .use(reports)
    .get('/outside/fail', () => {
      throw new Error('outside the scope');
    });
}

export interface Row {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  code?: string;
  /** Headers the answer must have, exactly. */
  has?: Record<string, string>;
  /** Headers the answer must not have. */
  lacks?: string[];
  /** `errors[].pointer` of the detailed shape, in order. */
  pointers?: string[];
  /** `errors[].detail`, in order. */
  fieldDetails?: string[];
  detail?: string;
  /** Texts that must appear nowhere in the answer. */
  secrets?: string[];
  /** The whole body, for answers that are Elysia's own. */
  text?: string;
}

const json = { 'content-type': 'application/json' };

export const ROWS: Row[] = [
  { name: 'an unknown path', path: '/api/nothing', status: 404, code: 'not_found' },
  { name: 'HEAD of an unknown path', method: 'HEAD', path: '/api/nothing', status: 404 },
  { name: 'a wrong method: 405 with Allow from the routes', method: 'PUT', path: '/api/widgets', status: 405, code: 'method_not_allowed', has: { allow: 'GET, HEAD, POST' } },
  { name: 'a wrong method on a parameter route', method: 'PATCH', path: '/api/widgets/1', status: 405, code: 'method_not_allowed', has: { allow: 'GET, HEAD, DELETE' } },
  { name: 'a wrong method with a trailing slash', method: 'PUT', path: '/api/widgets/', status: 405, code: 'method_not_allowed', has: { allow: 'GET, HEAD, POST' } },
  { name: 'a wrong method under a wildcard', method: 'POST', path: '/api/files/a/b.txt', status: 405, code: 'method_not_allowed', has: { allow: 'GET, HEAD' } },
  { name: 'a path below a parameter route', path: '/api/widgets/1/parts', status: 404, code: 'not_found' },
  { name: 'no Accept: 406 before routing', path: '/api/widgets', headers: { accept: '' }, status: 406, code: 'not_acceptable' },
  { name: 'a malformed percent-encoding: 400 before routing', path: '/api/widgets/%E0%A4%A', status: 400, code: 'bad_request' },
  { name: 'a body that is not JSON (PARSE)', method: 'POST', path: '/api/widgets', headers: json, body: '{"name": "Gear-secret",', status: 400, code: 'bad_request', detail: 'The request body is not valid JSON.', secrets: ['Gear-secret'] },
  {
    name: 'TypeBox: one problem per field, with pointers, nothing of the value',
    method: 'POST',
    path: '/api/widgets',
    headers: json,
    body: '{"name":"","price":-1,"colour":"red-secret"}',
    status: 400,
    code: 'validation_failed',
    // Elysia's normalize (on by default) drops members a TypeBox object does not declare before it
    // validates: `colour` is no problem, and is not echoed either
    pointers: ['/name', '/price'],
    secrets: ['red-secret', '"found"', '"expected"'],
  },
  { name: 'TypeBox: a missing field', method: 'POST', path: '/api/widgets', headers: json, body: '{}', status: 400, code: 'validation_failed', pointers: ['/name'] },
  {
    name: "TypeBox: a schema's own `error` message is the field's detail, as in Elysia's own answer",
    method: 'POST',
    path: '/api/named-widgets',
    headers: json,
    body: '{"name":""}',
    status: 400,
    code: 'validation_failed',
    pointers: ['/name'],
    fieldDetails: ['Give the widget a name.'],
  },
  { name: 'TypeBox: a nested field', method: 'POST', path: '/api/orders', headers: json, body: '{"items":[{"name":"a","quantity":0}]}', status: 400, code: 'validation_failed', pointers: ['/items/0/quantity'] },
  { name: 'TypeBox: a query parameter', path: '/api/search?q=x', status: 400, code: 'validation_failed', pointers: ['/q'] },
  {
    name: 'a Standard Schema (zod) body',
    method: 'POST',
    path: '/api/zod-widgets',
    headers: json,
    body: '{"name":"","price":-1,"colour":"red-secret"}',
    status: 400,
    code: 'validation_failed',
    pointers: ['/name', '/price', '/colour'],
    secrets: ['red-secret'],
  },
  { name: 'a valid body', method: 'POST', path: '/api/widgets', headers: json, body: '{"name":"Gear"}', status: 201 },
  { name: 'an unknown throw: 500, nothing of it', path: '/api/fail', status: 500, code: 'internal_server_error', secrets: ['db-7', 'hunter2', 'password', 'Error:'] },
  { name: 'a NotFoundError the app throws keeps its message', path: '/api/widgets/9', status: 404, code: 'not_found', detail: 'No widget "9".' },
  { name: 'a custom error with a status, not meant for clients', path: '/api/teapot', status: 418, secrets: ['kettle', '10.0.0.7'] },
  { name: 'a custom error meant for clients (expose)', path: '/api/locked', status: 409, code: 'conflict', detail: 'The widget is locked.' },
  { name: 'status() returned: a 4xx keeps its text', path: '/api/taken', status: 409, code: 'conflict', detail: 'That name is taken.' },
  { name: 'status() thrown: a 4xx keeps its text', path: '/api/taken-thrown', status: 409, code: 'conflict', detail: 'That name is taken.' },
  { name: "status() with an object: its message", path: '/api/taken-object', status: 422, detail: 'The order is empty.' },
  { name: 'status() without a body', path: '/api/gone', status: 410, code: 'gone' },
  { name: 'a bare error Response returned: in the contract, its headers kept', path: '/api/bare', status: 403, code: 'forbidden', has: { 'x-request-id': 'req-8' } },
  { name: 'a bare error Response with only its reason phrase: in the contract, its headers kept', path: '/api/bare-text', status: 403, code: 'forbidden', has: { 'x-request-id': 'req-9' } },
  { name: 'an error Response with a body of the app: passed on', path: '/api/own-body', status: 409, text: '{"reason":"the app wrote this"}' },
  { name: 'status() 5xx: nothing of its text', path: '/api/down', status: 503, code: 'service_unavailable', secrets: ['pool', 'db-7'] },
  { name: 'a success status() passes', method: 'DELETE', path: '/api/widgets/1', status: 202 },
  {
    name: 'headers the app set stay; those of the abandoned body go',
    path: '/api/download',
    status: 500,
    code: 'internal_server_error',
    has: { 'x-request-id': 'req-7', 'access-control-allow-origin': 'https://app.example.com' },
    lacks: ['content-disposition'],
  },
  { name: 'CORS headers on a route miss', path: '/api/nothing', status: 404, has: { 'access-control-allow-origin': 'https://app.example.com' } },
  { name: 'a response that fails its schema is a 500', path: '/api/bad-answer', status: 500, code: 'internal_server_error' },
  { name: "a parse hook's own problem is kept", method: 'POST', path: '/api/readers-only', headers: json, body: '{}', status: 403, code: 'forbidden', detail: 'Readers cannot post here.' },
  { name: "a plugin's route used after the contract", path: '/api/reports/broken', status: 500, code: 'internal_server_error', secrets: ['abc123'] },
  { name: 'outside the scope: Elysia answers', path: '/outside/fail', status: 500, text: 'outside the scope' },
  { name: 'outside the scope, an unknown path: Elysia answers', path: '/elsewhere', status: 404, text: 'NOT_FOUND' },
];

/** The request of a row; Accept is JSON unless the row says otherwise (an empty value: none). */
export function requestOf(base: string, row: Row): Request {
  const headers = new Headers({ accept: 'application/json', ...row.headers });
  if (row.headers?.accept === '') headers.delete('accept');
  return new Request(`${base}${row.path}`, { method: row.method ?? 'GET', headers, ...(row.body === undefined ? {} : { body: row.body }) });
}
