import { type Catalog, type CatalogEntry, resolveCatalog } from './catalog.js';
import type { Problem, RequestLike, Shape } from './types.js';

/**
 * Options of {@link createErrorContract}. Every one is optional; a wrong one is a `TypeError`
 * when the contract is created, never at request time.
 *
 * @example
 * const options: ErrorContractOptions = {
 *   typeBaseUrl: 'https://docs.example.com/errors/',
 *   shape: (request) => (request.path.startsWith('/api/client/v1') ? 'compact' : 'detailed'),
 *   extensions: (request) => ({ requestId: String(request.headers['x-request-id'] ?? '') }),
 * };
 */
export interface ErrorContractOptions<C extends Catalog = Catalog> {
  /** `type` is this base followed by the code; without it, `about:blank` (RFC 9457 section 4.2.1). */
  typeBaseUrl?: string;
  /** The body shape: fixed, or chosen per request. Default `'detailed'`. */
  shape?: Shape | ((request: RequestLike) => Shape);
  /** Your codes: `{ widget_locked: { status: 409, title: 'Widget locked' } }`. */
  catalog?: C;
  /** Allowed statuses; any other is sent as 400 (4xx) or 500 (5xx). See `SPEC_STATUSES`. */
  statuses?: readonly number[];
  /** Development only: send 5xx messages and stacks. Default false. */
  exposeInternalErrors?: boolean;
  /**
   * Called with every error `respond` answers. Without it, 5xx are logged to stderr with their stack.
   * What it throws is swallowed: a logger must not turn one failure into two.
   */
  onError?: (error: unknown, problem: Problem, request: RequestLike) => void;
  /** Extra body members per request, e.g. a request id. Never replaces a standard member. */
  extensions?: (request: RequestLike) => Record<string, unknown>;
  /**
   * When the Accept header refuses a request before routing (406 `not_acceptable`):
   * - `'any'` (default): never. A missing Accept admits any type (RFC 9110 section 12.5.1), and an
   *   error may be sent as JSON whatever the Accept (section 15.5.7), so an existing app's pages,
   *   files and clients that send no Accept keep working.
   * - `'json'`: when an Accept is present and admits no JSON type (`text/html` only).
   * - `'strict'`: also when Accept is missing: the service specification's rule (406 for a missing
   *   Accept). Choose it for a JSON-only API whose clients all send Accept.
   */
  accept?: AcceptPolicy;
  /** 400 `bad_request` before routing for a path whose percent-encoding does not decode. Default false. */
  rejectMalformedPath?: boolean;
  /**
   * The path prefixes the contract covers, e.g. `'/api'` (which covers `/api` and `/api/...`, not
   * `/apis`). Outside them adapters leave every response, failures included, as the app made it.
   * Default: the whole app. In Express, mounting the middleware on a path does the same.
   */
  scope?: string | readonly string[];
  /**
   * A trace id in every detailed body and in the default log line, so a client's report can be
   * found in the log: the W3C `traceparent` trace id when the request has one, else a new one.
   * `true` names the member `traceId`; a string names it. Also on `problem.traceId` for `onError`.
   * Default off.
   */
  traceId?: boolean | string;
  /**
   * The status of a validation failure (`validation_failed`): 400, as the service specification
   * says (default), or 422 (RFC 9110 section 15.5.21) for APIs whose clients expect it.
   */
  validationStatus?: 400 | 422;
}

/** See {@link ErrorContractOptions.accept}. */
export type AcceptPolicy = 'any' | 'json' | 'strict';

/** Options after their checks, in the form the hot path wants. */
export interface Settings {
  catalog: Map<string, CatalogEntry>;
  typeBaseUrl: string | undefined;
  shape: Shape | ((request: RequestLike) => Shape);
  statuses: ReadonlySet<number> | undefined;
  exposeInternalErrors: boolean;
  onError: ErrorContractOptions['onError'];
  extensions: ErrorContractOptions['extensions'];
  accept: AcceptPolicy;
  rejectMalformedPath: boolean;
  /** Normalised prefixes (leading slash, no trailing one), or undefined for the whole app. */
  scope: readonly string[] | undefined;
  /** The body member that carries the trace id, or undefined for none. */
  traceField: string | undefined;
  validationStatus: 400 | 422;
}

// The members a trace id may not take: the standard ones, and `stack` (exposeInternalErrors).
const TAKEN_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'errors', 'stack']);

function resolveTraceField(traceId: ErrorContractOptions['traceId']): string | undefined {
  if (traceId === undefined || traceId === false) return undefined;
  if (traceId === true) return 'traceId';
  if (typeof traceId !== 'string' || !/^[A-Za-z_][\w-]{0,63}$/.test(traceId) || TAKEN_MEMBERS.has(traceId)) {
    fail('`traceId` must be true, false, or a member name such as "traceId" that is not a standard one.');
  }
  return traceId;
}

function fail(message: string): never {
  throw new TypeError(`error-contract: ${message}`);
}

function optionalFunction<T>(value: T, name: string): T {
  if (value !== undefined && typeof value !== 'function') fail(`\`${name}\` must be a function.`);
  return value;
}

const ACCEPT_POLICIES: readonly AcceptPolicy[] = ['any', 'json', 'strict'];

function resolveScope(scope: ErrorContractOptions['scope']): readonly string[] | undefined {
  if (scope === undefined) return undefined;
  const list = typeof scope === 'string' ? [scope] : scope;
  if (!Array.isArray(list) || list.length === 0 || list.some((prefix) => typeof prefix !== 'string' || !prefix.startsWith('/'))) {
    fail("`scope` must be a path prefix such as '/api', or a non-empty array of them.");
  }
  const prefixes = list.map((prefix: string) => prefix.replace(/\/+$/, ''));
  // '/' (now '') covers every path: the same as no scope.
  return prefixes.includes('') ? undefined : prefixes;
}

/** Checks options at once, as a middleware factory should, and resolves them. */
export function resolveSettings(options: ErrorContractOptions<Catalog> = {}): Settings {
  if (options === null || typeof options !== 'object') fail('options must be an object.');
  const { typeBaseUrl, shape = 'detailed', statuses, exposeInternalErrors = false } = options;
  if (typeBaseUrl !== undefined && (typeof typeBaseUrl !== 'string' || typeBaseUrl === '')) {
    fail('`typeBaseUrl` must be a non-empty string such as "https://docs.example.com/errors/".');
  }
  if (shape !== 'detailed' && shape !== 'compact' && typeof shape !== 'function') {
    fail("`shape` must be 'detailed', 'compact' or a function of the request.");
  }
  if (typeof exposeInternalErrors !== 'boolean') fail('`exposeInternalErrors` must be a boolean.');
  const { accept = 'any', rejectMalformedPath = false } = options;
  if (!ACCEPT_POLICIES.includes(accept)) fail("`accept` must be 'any', 'json' or 'strict'.");
  if (typeof rejectMalformedPath !== 'boolean') fail('`rejectMalformedPath` must be a boolean.');
  let allowed: Set<number> | undefined;
  if (statuses !== undefined) {
    if (!Array.isArray(statuses) || statuses.some((status) => !Number.isInteger(status) || status < 400 || status > 599)) {
      fail('`statuses` must be an array of integer statuses from 400 to 599.');
    }
    allowed = new Set(statuses);
    if (!allowed.has(400) || !allowed.has(500)) fail('`statuses` must include 400 and 500: they are where other statuses fall back to.');
  }
  const { validationStatus = 400 } = options;
  if (validationStatus !== 400 && validationStatus !== 422) fail('`validationStatus` must be 400 or 422.');
  if (validationStatus === 422 && allowed !== undefined && !allowed.has(422)) fail('`validationStatus: 422` needs 422 in `statuses`.');
  return {
    catalog: resolveCatalog(options.catalog),
    typeBaseUrl,
    shape,
    statuses: allowed,
    exposeInternalErrors,
    onError: optionalFunction(options.onError, 'onError'),
    extensions: optionalFunction(options.extensions, 'extensions'),
    accept,
    rejectMalformedPath,
    scope: resolveScope(options.scope),
    traceField: resolveTraceField(options.traceId),
    validationStatus,
  };
}
