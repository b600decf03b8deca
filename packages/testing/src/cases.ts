// The conformance table, generalised: the same probes the reference services are held to, built
// from a user's own routes, as plain data (request in; status, code and headers out).
import { formatBytes } from './bytes.js';
import type { ProblemExpectation } from './problem-check.js';

/**
 * Where the probes go: paths of the user's API (joined to the target's base URL).
 *
 * @example
 * const routes: ConformanceRoutes = { existing: '/api/widgets', jsonBody: { path: '/api/widgets', method: 'POST' } };
 */
export interface ConformanceRoutes {
  /** A path that answers GET with a success, e.g. `'/api/widgets'`. */
  existing: string;
  /** A path that exists nowhere; by default two segments below `existing`. */
  missing?: string;
  /** A method the path does not support; `allow` is the exact Allow header expected with the 405. */
  wrongMethod?: { path: string; method: string; allow?: string };
  /** A path that needs credentials, and the headers that carry them (sent on every other probe). */
  protected?: { path: string; headers: Record<string, string> };
  /** A route that reads a JSON body; `maxBytes` is its body limit (default 100 kB, as express.json's). */
  jsonBody?: { path: string; method: string; maxBytes?: number; headers?: Record<string, string> };
  /** Whether the service answers 406 to a request without an Accept admitting JSON. */
  strictAccept?: boolean;
  /** Headers sent with every probe, e.g. a token. */
  headers?: Record<string, string>;
}

/**
 * One request of the table. Header names are lower-case.
 *
 * @example
 * const request: ConformanceRequest = { method: 'GET', path: '/api/widgets', headers: { accept: 'application/json' } };
 */
export interface ConformanceRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * What a case expects: a status (or any success, or anything in the contract) and, for errors, the problem.
 *
 * @example
 * const expected: ExpectedAnswer = { status: 405, code: 'method_not_allowed', headers: { allow: /GET/ } };
 */
export interface ExpectedAnswer extends Omit<ProblemExpectation, 'status'> {
  /** An exact status; `'success'` for any 2xx; `'any'` for any status, an error being in the contract. */
  status: number | 'success' | 'any';
}

/**
 * One case: a request, the answer it expects, and whether a wrong answer counts as a failure.
 *
 * @example
 * const checked = conformanceCases(routes).filter((kase: ConformanceCase) => kase.checked);
 */
export interface ConformanceCase {
  /** The table's cases; `wrong-content-type` (415), `missing-property`, `absent-resource` (a declared 404) and `forbidden-identity` (a declared 403) are the OpenAPI probe's own. */
  id: 'existing' | 'unknown-path' | 'wrong-method' | 'no-accept' | 'html-accept' | 'unauthenticated' | 'malformed-json' | 'oversize-body' | 'wrong-content-type' | 'missing-property' | 'absent-resource' | 'forbidden-identity';
  name: string;
  request: ConformanceRequest;
  expected: ExpectedAnswer;
  /** False for probes only reported (Accept, when the service is not strict about it). */
  checked: boolean;
}

const JSON_ACCEPT = 'application/json';
const DEFAULT_MAX_BYTES = 100 * 1024;

function lowerCased(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function without(headers: Record<string, string>, names: string[]): Record<string, string> {
  const dropped = new Set(names.map((name) => name.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dropped.has(name)));
}

/** A JSON body of exactly `size` bytes. */
function bodyOfSize(size: number): string {
  return `{"a":"${'x'.repeat(Math.max(0, size - 8))}"}`;
}

/**
 * The conformance cases for an API, built from its routes: an unknown path is 404, a wrong
 * method 405 with Allow, a missing or non-JSON Accept 406 (checked when `strictAccept`), a
 * missing credential 401 with WWW-Authenticate, malformed JSON 400 and an over-large body 413,
 * each answered in the contract.
 *
 * @example
 * const cases = conformanceCases({
 *   existing: '/api/widgets',
 *   wrongMethod: { path: '/api/widgets', method: 'PUT', allow: 'GET, HEAD, POST' },
 *   jsonBody: { path: '/api/widgets', method: 'POST' },
 *   strictAccept: true,
 * });
 * cases.map((kase) => kase.name); // ['an existing path answers', 'an unknown path is 404', ...]
 */
export function conformanceCases(routes: ConformanceRoutes): ConformanceCase[] {
  if (typeof routes?.existing !== 'string' || !routes.existing.startsWith('/')) {
    throw new TypeError(`conformanceCases: "existing" must be a path starting with "/", got ${JSON.stringify(routes?.existing)}`);
  }
  const credentials = lowerCased(routes.protected?.headers);
  const common: Record<string, string> = { accept: JSON_ACCEPT, ...lowerCased(routes.headers), ...credentials };
  const get = (path: string, headers = common): ConformanceRequest => ({ method: 'GET', path, headers });
  const strict = routes.strictAccept === true;
  const accept = (status: number) => (strict ? { status, code: 'not_acceptable' } : { status: 'any' as const });
  const missing = routes.missing ?? `${routes.existing.replace(/\/+$/, '')}/no-such-path/error-contract-probe`;

  const cases: ConformanceCase[] = [
    { id: 'existing', name: 'an existing path answers', request: get(routes.existing), expected: { status: 'success' }, checked: true },
    { id: 'unknown-path', name: 'an unknown path is 404', request: get(missing), expected: { status: 404, code: 'not_found' }, checked: true },
  ];
  const { wrongMethod } = routes;
  if (wrongMethod !== undefined) {
    cases.push({
      id: 'wrong-method',
      name: `${wrongMethod.method.toUpperCase()} ${wrongMethod.path} is 405 with Allow`,
      request: { method: wrongMethod.method.toUpperCase(), path: wrongMethod.path, headers: common },
      expected: { status: 405, code: 'method_not_allowed', headers: { allow: wrongMethod.allow ?? /\S/ } },
      checked: true,
    });
  }
  cases.push(
    { id: 'no-accept', name: strict ? 'no Accept header is 406' : 'no Accept header', request: get(routes.existing, without(common, ['accept'])), expected: accept(406), checked: strict },
    { id: 'html-accept', name: strict ? 'Accept: text/html is 406' : 'Accept: text/html', request: get(routes.existing, { ...common, accept: 'text/html' }), expected: accept(406), checked: strict },
  );
  if (routes.protected !== undefined) {
    cases.push({
      id: 'unauthenticated',
      name: 'no credentials is 401 with WWW-Authenticate',
      request: get(routes.protected.path, without(common, Object.keys(credentials))),
      // RFC 9110 section 15.5.2: a 401 must carry a challenge
      expected: { status: 401, code: 'unauthorized', headers: { 'www-authenticate': /\S/ } },
      checked: true,
    });
  }
  const { jsonBody } = routes;
  if (jsonBody !== undefined) {
    const method = jsonBody.method.toUpperCase();
    const headers = { ...common, ...lowerCased(jsonBody.headers), 'content-type': 'application/json' };
    const limit = jsonBody.maxBytes ?? DEFAULT_MAX_BYTES;
    cases.push(
      { id: 'malformed-json', name: 'malformed JSON is 400', request: { method, path: jsonBody.path, headers, body: '{"a":' }, expected: { status: 400, code: 'bad_request' }, checked: true },
      {
        id: 'oversize-body',
        name: `a body over ${formatBytes(limit)} is 413`,
        request: { method, path: jsonBody.path, headers, body: bodyOfSize(limit + 1024) },
        expected: { status: 413, code: 'payload_too_large' },
        checked: true,
      },
    );
  }
  return cases;
}
