// One table of requests, sent to every fixture app three times: without the contract, with it on
// /api only, and with it on the whole app. A case without `failure` is something the app answers
// (a page, a file, a redirect, an OPTIONS answer, an error its own handler answers): it must come
// back the same byte for byte whatever the contract mode. A case with `failure` is one the app
// fails: outside /api the scoped contract must leave it exactly as it was, and wherever the
// contract applies it must answer in the contract with the status and code given.
import { ALLOWED_ORIGIN } from './fixtures/shared.js';
import type { RawRequest } from './compare.js';
import type { Framework } from './servers.js';

export interface ExpectedFailure {
  status: number;
  code: string;
  /** Header names that must be on the contract's answer (set by the app or by earlier middleware). */
  keeps?: string[];
  /** When one framework's baseline differs (e.g. Hono has no automatic OPTIONS), its own answer. */
  only?: Framework[];
}

export interface Case {
  name: string;
  request: RawRequest;
  failure?: ExpectedFailure;
  /**
   * Frameworks whose own answer to this request differs from the others': a failure where the
   * others succeed, or a failure without some of the headers the others set. Used in place of
   * `failure` for those frameworks.
   */
  failsOn?: Partial<Record<Framework, ExpectedFailure>>;
  /**
   * Frameworks where the app fails this request and the contract, on the whole app, hands it to
   * the framework's own answer instead of answering it: its status and the headers it must have.
   */
  handedOn?: Partial<Record<Framework, { status: number; keeps: string[] }>>;
}

const FROM_APP = { origin: ALLOWED_ORIGIN };
const GZIP = { 'accept-encoding': 'gzip' };
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...GZIP };
// helmet (Express, Koa, Fastify) and secureHeaders (Hono) all set this one.
const HELMET = 'x-content-type-options';

export const CASES: Case[] = [
  // Static files and pages, as a browser and as a client that sends no Accept.
  { name: 'static index', request: { method: 'GET', path: '/', headers: BROWSER } },
  { name: 'static index, no Accept', request: { method: 'GET', path: '/index.html' } },
  { name: 'stylesheet, gzipped', request: { method: 'GET', path: '/styles.css', headers: { accept: 'text/css,*/*;q=0.1', ...GZIP } } },
  { name: 'binary file', request: { method: 'GET', path: '/data.bin', headers: { accept: '*/*' } } },
  { name: 'HEAD of a static file', request: { method: 'HEAD', path: '/styles.css' } },
  {
    name: 'conditional GET of a static file',
    request: { method: 'GET', path: '/styles.css', headers: { 'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' } },
  },
  { name: 'HTML page, gzipped', request: { method: 'GET', path: '/page', headers: BROWSER } },
  { name: 'HTML page, Accept: image/png', request: { method: 'GET', path: '/page', headers: { accept: 'image/png' } } },
  { name: 'HEAD of a page', request: { method: 'HEAD', path: '/page', headers: BROWSER } },
  { name: 'permanent redirect', request: { method: 'GET', path: '/old-page', headers: BROWSER } },
  { name: 'redirect, no Accept', request: { method: 'GET', path: '/go' } },
  { name: 'cookies set', request: { method: 'GET', path: '/login', headers: BROWSER } },
  { name: 'cookies read', request: { method: 'GET', path: '/whoami', headers: { cookie: 'session=xyz; theme=dark' } } },
  { name: 'streamed response', request: { method: 'GET', path: '/stream' } },
  { name: 'download', request: { method: 'GET', path: '/download' } },
  { name: 'download, a range', request: { method: 'GET', path: '/download', headers: { range: 'bytes=0-99' } } },
  { name: 'download, a suffix range', request: { method: 'GET', path: '/download', headers: { range: 'bytes=-10' } } },
  { name: 'HEAD of the download', request: { method: 'HEAD', path: '/download' } },
  { name: 'sub-app page', request: { method: 'GET', path: '/admin', headers: BROWSER } },
  { name: 'sub-app JSON', request: { method: 'GET', path: '/admin/users' } },
  { name: 'sub-router page', request: { method: 'GET', path: '/blog/posts', headers: BROWSER } },

  // The API's successes, with and without CORS, as clients call it.
  { name: 'API list, gzipped', request: { method: 'GET', path: '/api/items', headers: { accept: 'application/json', ...GZIP } } },
  { name: 'API list, no Accept', request: { method: 'GET', path: '/api/items' } },
  { name: 'API list, from the browser app', request: { method: 'GET', path: '/api/items', headers: { accept: '*/*', ...FROM_APP } } },
  { name: 'API list, Accept: text/html', request: { method: 'GET', path: '/api/items', headers: { accept: 'text/html' } } },
  { name: 'API item', request: { method: 'GET', path: '/api/items/2', headers: { accept: 'application/json' } } },
  { name: 'HEAD of an API item', request: { method: 'HEAD', path: '/api/items/2' } },
  {
    name: 'API create',
    request: { method: 'POST', path: '/api/items', headers: { 'content-type': 'application/json', ...FROM_APP }, body: '{"name":"Lamp"}' },
  },
  {
    name: 'CORS preflight',
    request: {
      method: 'OPTIONS',
      path: '/api/items',
      headers: { ...FROM_APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    },
  },
  {
    name: 'CORS preflight from another origin',
    request: { method: 'OPTIONS', path: '/api/items', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } },
  },

  // Errors the app's own handler answers (placed before ours): kept as the app wrote them.
  { name: "the app's own 422 on a page", request: { method: 'GET', path: '/page-invalid', headers: BROWSER } },
  { name: "the app's own 422 in the API", request: { method: 'GET', path: '/api/invalid', headers: { accept: 'application/json' } } },

  // Express and Koa answer OPTIONS on a page themselves (Allow); Hono, Fastify, Nest and Elysia have no such
  // answer, a 404 (Fastify's "Route OPTIONS:/page not found"; Nest's not-found handler, which
  // platform-express puts after its routes, answers before Express's router would).
  {
    name: 'OPTIONS on a page',
    request: { method: 'OPTIONS', path: '/page' },
    failsOn: {
      hono: { status: 405, code: 'method_not_allowed', keeps: [HELMET] },
      h3: { status: 405, code: 'method_not_allowed', keeps: [HELMET, 'allow'] },
      fastify: { status: 405, code: 'method_not_allowed', keeps: [HELMET, 'allow'] },
      nest: { status: 405, code: 'method_not_allowed', keeps: [HELMET, 'allow'] },
      'nest-fastify': { status: 400, code: 'bad_request', keeps: [HELMET] },
      // Elysia has no OPTIONS answer of its own either: its NOT_FOUND
      elysia: { status: 405, code: 'method_not_allowed', keeps: [HELMET, 'allow'] },
    },
    // On platform-express the contract answers it as any method the path lacks, 405 with Allow, as
    // Nest on platform-fastify does (issue 39: one answer to OPTIONS whatever the platform; Nest
    // answered it 404 on both without us, so there is no OPTIONS answer of the app's to keep). On
    // platform-fastify, `enableCors` is app-wide: @fastify/cors answers every OPTIONS without an
    // Origin itself (400 "Invalid Preflight Request", its own body), which the contract keeps.
    handedOn: { 'nest-fastify': { status: 400, keeps: [HELMET] } },
  },

  // Failures outside /api: the scoped contract leaves them alone, the app-wide one answers them.
  { name: 'page not found', request: { method: 'GET', path: '/nope', headers: BROWSER }, failure: { status: 404, code: 'not_found', keeps: [HELMET] } },
  { name: 'page fails', request: { method: 'GET', path: '/page-error', headers: BROWSER }, failure: { status: 500, code: 'internal_server_error', keeps: [HELMET] } },
  {
    name: 'download, a range past the end',
    request: { method: 'GET', path: '/download', headers: { range: 'bytes=5000-6000' } },
    failure: { status: 416, code: 'range_not_satisfiable', keeps: [HELMET, 'content-range'] },
  },

  {
    name: 'wrong method under a sub-app',
    request: { method: 'POST', path: '/admin/users', headers: { 'content-type': 'application/json' }, body: '{}' },
    failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, 'allow'] },
  },
  {
    name: 'wrong method under a sub-router',
    request: { method: 'DELETE', path: '/blog/posts' },
    failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, 'allow'] },
  },

  // Failures inside /api: in the contract in both modes, with the headers the app and its
  // middleware set before the failure.
  {
    name: 'API route not found',
    request: { method: 'GET', path: '/api/nope', headers: { accept: 'application/json', ...FROM_APP } },
    failure: { status: 404, code: 'not_found', keeps: [HELMET, 'access-control-allow-origin'] },
    // Fastify runs a route miss in the context whose not-found handler answers it, the root's unless
    // the /api plugin has its own: the API's encapsulated @fastify/cors hook does not run there, so
    // its 404 has no CORS header with or without the contract.
    failsOn: { fastify: { status: 404, code: 'not_found', keeps: [HELMET] } },
  },
  {
    name: 'API item not found (http-errors / ctx.throw / HTTPException / reply.notFound)',
    request: { method: 'GET', path: '/api/items/99', headers: { accept: 'application/json' } },
    failure: { status: 404, code: 'not_found', keeps: [HELMET] },
  },
  {
    name: 'API crash',
    request: { method: 'GET', path: '/api/crash', headers: { accept: 'application/json', ...FROM_APP } },
    failure: { status: 500, code: 'internal_server_error', keeps: [HELMET, 'access-control-allow-origin'] },
  },
  {
    name: 'API crash after setting a header',
    request: { method: 'GET', path: '/api/traced-crash', headers: { accept: 'application/json' } },
    failure: { status: 500, code: 'internal_server_error', keeps: [HELMET, 'x-request-id'] },
  },
  {
    name: 'API bare 403',
    request: { method: 'GET', path: '/api/forbidden', headers: { accept: 'application/json' } },
    failure: { status: 403, code: 'forbidden', keeps: [HELMET] },
  },
  {
    name: 'API malformed JSON',
    request: { method: 'POST', path: '/api/items', headers: { 'content-type': 'application/json', ...FROM_APP }, body: '{"name":' },
    failure: { status: 400, code: 'bad_request', keeps: [HELMET, 'access-control-allow-origin'] },
  },
  {
    name: 'API method not allowed',
    request: { method: 'DELETE', path: '/api/items', headers: { accept: 'application/json' } },
    failure: { status: 405, code: 'method_not_allowed', keeps: [HELMET, 'allow'] },
  },
];
