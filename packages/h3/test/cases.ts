// One table of failures, run against h3 2 and h3 1.15 alike (adapter.test.ts). Each row is a
// request and what the contract answers; `majors` limits a row to the majors that can make it.
export interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  code: string;
  /** The detail the client gets, when the app's message is meant for it. */
  detail?: string;
  allow?: string;
  /** `errors[].field` of a validation failure. */
  fields?: string[];
  majors?: Array<'v1' | 'v2'>;
}

const JSON_BODY = { 'content-type': 'application/json' };

export const CASES: Case[] = [
  { name: 'an unknown path is 404', path: '/nothing/here', status: 404, code: 'not_found' },
  { name: 'a method the path has no route for is 405 with Allow', method: 'PUT', path: '/widgets', status: 405, code: 'method_not_allowed', allow: 'GET, HEAD, POST' },
  { name: 'a method mismatch on a route with a parameter is 405', method: 'PATCH', path: '/widgets/7', status: 405, code: 'method_not_allowed', allow: 'GET, HEAD, DELETE' },
  { name: 'createError 404 keeps its message', path: '/widgets/missing', status: 404, code: 'not_found', detail: 'Widget missing was not found.' },
  { name: 'createError 409 keeps its message', path: '/widgets/locked', status: 409, code: 'conflict', detail: 'The widget is locked.' },
  { name: 'createError without a message says nothing made up', path: '/widgets/bare-409', status: 409, code: 'conflict' },
  { name: 'createError 503 carries nothing of its message', path: '/widgets/down', status: 503, code: 'service_unavailable' },
  { name: 'a thrown Error is 500 with nothing of it', path: '/widgets/boom', status: 500, code: 'internal_server_error' },
  { name: 'a thrown string is 500 with nothing of it', path: '/widgets/string', status: 500, code: 'internal_server_error' },
  { name: 'an Error with a status keeps the status, not its message', path: '/widgets/status-error', status: 422, code: 'unprocessable_entity' },
  { name: 'a body that is not JSON is 400 bad_request', method: 'POST', path: '/echo', headers: JSON_BODY, body: '{"name":', status: 400, code: 'bad_request', detail: 'The request body is not valid JSON.' },
  { name: 'readValidatedBody: field problems with pointers', method: 'POST', path: '/widgets', headers: JSON_BODY, body: '{"name":"","tags":["a","b","c"]}', status: 400, code: 'validation_failed', fields: ['name', 'tags'] },
  { name: 'readValidatedBody with a body that is not JSON is 400 bad_request', method: 'POST', path: '/widgets', headers: JSON_BODY, body: 'nope{', status: 400, code: 'bad_request', detail: 'The request body is not valid JSON.' },
  { name: 'getValidatedQuery: field problems', path: '/search?limit=many', status: 400, code: 'validation_failed', fields: ['limit'] },
  { name: "assertMethod's 405 keeps its Allow", path: '/teapot-allow', status: 405, code: 'method_not_allowed', allow: 'POST', majors: ['v2'] },
  // h3 1's assertMethod names no methods: the 405 stays, with h3's sentence, without an Allow to invent
  { name: "assertMethod's 405 (h3 1 names no methods)", path: '/teapot-allow', status: 405, code: 'method_not_allowed', detail: 'HTTP method is not allowed.', majors: ['v1'] },
  { name: 'a bare 403 Response gets the contract body', path: '/bare', status: 403, code: 'forbidden', majors: ['v2'] },
];
