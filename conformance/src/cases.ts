// The cases of REFERENCE-SERVICE.md as data: request in; status, code and headers out. Every
// example is run against this one table, so the four adapters are held to one contract. The
// probes any API is held to (unknown path, wrong method, Accept, credentials, broken and
// over-large bodies) are the testing kit's table, built from the service's routes; the cases here
// are only what this service adds to them.
import { type ConformanceCase, type ConformanceRoutes, conformanceCases } from '@error-contract/testing';
import type { SentRequest } from './http.js';

export const READER = 'Bearer reader-token';
export const WRITER = 'Bearer writer-token';
export const JSON_ACCEPT = 'application/json';
export const TYPE_BASE = 'https://docs.example.com/errors/';
export const BODY_LIMIT = 100 * 1024;

export type Shape = 'compact' | 'detailed';

export interface Prefix {
  path: string;
  shape: Shape;
}

/** The two versions, and a path outside both (detailed, as v2). */
export const PREFIXES: Prefix[] = [
  { path: '/api/client/v1', shape: 'compact' },
  { path: '/api/client/v2', shape: 'detailed' },
];

export interface Case {
  name: string;
  request: SentRequest;
  status: number;
  /** The error code, for error statuses. */
  code?: string;
  /** Headers that must be present, with their exact value or a pattern. */
  headers?: Record<string, string | RegExp>;
  /** Field names the validation problems must name, in order. */
  fields?: string[];
  /** A text the error detail (detailed) or first message (compact) must contain. */
  detailContains?: string;
  /** Texts that must appear nowhere in the response, headers included. */
  secrets?: string[];
}

function req(method: string, path: string, headers: Record<string, string | undefined> = {}, body?: string): SentRequest {
  const defined = Object.fromEntries(Object.entries({ accept: JSON_ACCEPT, authorization: READER, ...headers }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return body === undefined ? { method, path, headers: defined } : { method, path, headers: defined, body };
}

const post = (p: string, body: string, headers: Record<string, string | undefined> = {}) =>
  req('POST', `${p}/widgets`, { authorization: WRITER, 'content-type': 'application/json', ...headers }, body);

const CHALLENGE = 'Bearer realm="widgets"';

/** The reference service's routes, as the kit's table takes them. */
export function referenceRoutes(p: string): ConformanceRoutes {
  return {
    existing: `${p}/widgets`,
    missing: `${p}/gadgets`,
    wrongMethod: { path: `${p}/widgets`, method: 'PUT', allow: 'GET, HEAD, POST' },
    protected: { path: `${p}/widgets`, headers: { authorization: READER } },
    jsonBody: { path: `${p}/widgets`, method: 'POST', maxBytes: BODY_LIMIT, headers: { authorization: WRITER } },
    strictAccept: true,
  };
}

/** A case of the kit's table in this table's terms; the service names its challenge exactly. */
function fromKit(kase: ConformanceCase): Case {
  const { status, code, headers } = kase.expected;
  return {
    name: kase.name,
    request: kase.request,
    status: typeof status === 'number' ? status : 200,
    ...(code === undefined ? {} : { code }),
    headers: kase.id === 'unauthenticated' ? { ...headers, 'www-authenticate': CHALLENGE } : { ...headers },
  };
}

/** Every case for one prefix: the kit's probes, then the service's own. */
export function casesFor(p: string): Case[] {
  return [
    ...conformanceCases(referenceRoutes(p)).map(fromKit),
    // Accept comes first, on any path.
    { name: 'no Accept and no token: Accept is checked first', request: req('GET', `${p}/widgets`, { accept: undefined, authorization: undefined }), status: 406, code: 'not_acceptable' },
    { name: 'Accept with JSON at q=0', request: req('GET', `${p}/widgets`, { accept: 'application/json;q=0, text/html' }), status: 406, code: 'not_acceptable' },
    { name: 'a malformed Accept', request: req('GET', `${p}/widgets`, { accept: ';;;==,' }), status: 406, code: 'not_acceptable' },
    // also where the router refuses the path before anything else runs (Fastify's frameworkErrors)
    { name: 'no Accept on a malformed path: Accept is checked first', request: req('GET', `${p}/widgets/%ZZ`, { accept: undefined }), status: 406, code: 'not_acceptable' },
    { name: 'Accept: */*', request: req('GET', `${p}/widgets`, { accept: '*/*' }), status: 200 },
    { name: 'Accept: application/*', request: req('GET', `${p}/widgets`, { accept: 'application/*' }), status: 200 },
    { name: 'Accept: application/problem+json', request: req('GET', `${p}/widgets`, { accept: 'application/problem+json' }), status: 200 },
    { name: 'Accept: a +json type', request: req('GET', `${p}/widgets`, { accept: 'application/vnd.api+json' }), status: 200 },

    // Authentication, before routing.
    { name: 'an unknown token', request: req('GET', `${p}/widgets`, { authorization: 'Bearer nobody' }), status: 401, code: 'unauthorized', headers: { 'www-authenticate': CHALLENGE } },
    { name: 'Basic instead of Bearer', request: req('GET', `${p}/widgets`, { authorization: 'Basic cmVhZGVyOnRva2Vu' }), status: 401, code: 'unauthorized' },
    { name: 'a huge Authorization header', request: req('GET', `${p}/widgets`, { authorization: `Bearer ${'x'.repeat(4000)}` }), status: 401, code: 'unauthorized' },
    { name: 'no token on an unknown path: 401 before 404', request: req('GET', `${p}/nothing`, { authorization: undefined }), status: 401, code: 'unauthorized' },
    { name: 'no token on a wrong method: 401 before 405', request: req('PUT', `${p}/widgets`, { authorization: undefined }), status: 401, code: 'unauthorized' },

    // Reading.
    { name: 'GET /widgets/1', request: req('GET', `${p}/widgets/1`), status: 200 },
    { name: 'HEAD /widgets', request: req('HEAD', `${p}/widgets`), status: 200 },
    { name: 'an absent widget', request: req('GET', `${p}/widgets/999`), status: 404, code: 'not_found', detailContains: '"999"' },
    // `instance` is the path as sent: a decoded one would put `"<b>` into a JSON body
    { name: 'an absent widget with an encoded id, instance as sent', request: req('GET', `${p}/widgets/%22%3Cb%3E`), status: 404, code: 'not_found' },
    { name: 'an absent widget, query not in instance', request: req('GET', `${p}/widgets/999?token=<script>`), status: 404, code: 'not_found' },
    { name: 'HEAD of an absent widget', request: req('HEAD', `${p}/widgets/999`), status: 404, code: 'not_found' },
    { name: 'HEAD without Accept', request: req('HEAD', `${p}/widgets`, { accept: undefined }), status: 406, code: 'not_acceptable' },

    // Routing.
    { name: 'a path below a widget', request: req('GET', `${p}/widgets/1/parts`), status: 404, code: 'not_found' },
    { name: 'DELETE /widgets', request: req('DELETE', `${p}/widgets`), status: 405, code: 'method_not_allowed', headers: { allow: 'GET, HEAD, POST' } },
    { name: 'PATCH /widgets/1', request: req('PATCH', `${p}/widgets/1`), status: 405, code: 'method_not_allowed', headers: { allow: 'GET, HEAD, DELETE' } },
    { name: 'POST /widgets/1', request: req('POST', `${p}/widgets/1`), status: 405, code: 'method_not_allowed', headers: { allow: 'GET, HEAD, DELETE' } },
    { name: 'a strange method (PROPFIND)', request: req('PROPFIND', `${p}/widgets`), status: 405, code: 'method_not_allowed', headers: { allow: 'GET, HEAD, POST' } },
    { name: 'PUT /fail', request: req('PUT', `${p}/fail`), status: 405, code: 'method_not_allowed', headers: { allow: 'GET, HEAD' } },
    { name: 'a malformed percent-encoding in a parameter', request: req('GET', `${p}/widgets/%E0%A4%A`), status: 400, code: 'bad_request' },
    { name: 'a malformed percent-encoding in an unknown path', request: req('GET', `${p}/%ZZ/%`), status: 400, code: 'bad_request' },

    // Authorization, after routing.
    { name: 'reader POST', request: post(p, '{"name":"Gear"}', { authorization: READER }), status: 403, code: 'forbidden' },
    { name: 'reader DELETE', request: req('DELETE', `${p}/widgets/1`), status: 403, code: 'forbidden' },
    { name: 'reader POST with a broken body: 403 before 400', request: post(p, '{"name":', { authorization: READER }), status: 403, code: 'forbidden' },
    { name: 'reader PUT: 405 before 403', request: req('PUT', `${p}/widgets`), status: 405, code: 'method_not_allowed' },

    // Body.
    { name: 'a body that is not JSON', request: post(p, '{"name": "Gear",'), status: 400, code: 'bad_request', secrets: ['Gear'] },
    { name: 'an empty body (Content-Length: 0)', request: post(p, ''), status: 400, code: 'bad_request', detailContains: 'empty' },
    { name: 'a body in another media type', request: post(p, 'name=Gear', { 'content-type': 'application/x-www-form-urlencoded' }), status: 415, code: 'unsupported_media_type' },
    { name: 'no name', request: post(p, '{}'), status: 400, code: 'validation_failed', fields: ['name'] },
    { name: 'an empty name', request: post(p, '{"name":""}'), status: 400, code: 'validation_failed', fields: ['name'] },
    { name: 'a name of 51 characters', request: post(p, JSON.stringify({ name: 'x'.repeat(51) })), status: 400, code: 'validation_failed', fields: ['name'] },
    { name: 'a negative price', request: post(p, '{"name":"Gear","price":-1}'), status: 400, code: 'validation_failed', fields: ['price'] },
    { name: 'a price that is a string', request: post(p, '{"name":"Gear","price":"cheap"}'), status: 400, code: 'validation_failed', fields: ['price'] },
    { name: 'an unknown field', request: post(p, '{"name":"Gear","colour":"red"}'), status: 400, code: 'validation_failed', fields: ['colour'] },
    // valid JSON whose member is named __proto__: an unknown field like any other, on every service
    // (Koa's and Fastify's parsers refuse it by default; their examples read it as JSON.parse does)
    { name: 'a member named __proto__', request: post(p, '{"name":"Gear","__proto__":{"admin":true}}'), status: 400, code: 'validation_failed', fields: ['__proto__'] },
    { name: 'two offending fields', request: post(p, '{"name":"","price":-1}'), status: 400, code: 'validation_failed', fields: ['name', 'price'] },
    // A problem with the body as a whole is reported at the empty field name (the JSON Pointer of the root).
    { name: 'an array body', request: post(p, '[]'), status: 400, code: 'validation_failed', fields: [''] },
    // `null` is valid JSON, so it is no parse error: the schema says it is not a widget, on all four.
    { name: 'a null body', request: post(p, 'null'), status: 400, code: 'validation_failed', fields: [''] },
    { name: 'a valid widget', request: post(p, '{"name":"Gear","price":2}'), status: 201 },
    { name: 'a valid widget in a +json media type', request: post(p, '{"name":"Cog"}', { 'content-type': 'application/vnd.widget+json' }), status: 201 },

    // A bug.
    {
      name: 'GET /fail',
      request: req('GET', `${p}/fail`),
      status: 500,
      code: 'internal_server_error',
      secrets: ['db-7', 'hunter2', 'password', 'Error:', '    at ', '.ts', 'node_modules', 'file://'],
    },
  ];
}

/** Cases on paths outside both versions: the detailed shape. */
export const OTHER_PATH_CASES: Case[] = [
  { name: 'an unknown path outside the versions', request: req('GET', '/nothing/here'), status: 404, code: 'not_found' },
  { name: 'no Accept outside the versions', request: req('GET', '/', { accept: undefined }), status: 406, code: 'not_acceptable' },
];
