import type { LiteralUnion } from 'type-fest';
import { type BuiltinCode, type Catalog, type CatalogEntry, resolveCatalog } from './catalog.js';
import type { ErrorLogger } from '../observability/log-line.js';
import { type ErrorMapper, type MapSettings, resolveMap } from '../mapping/map-option.js';
import { assertKnownOptions } from './option-keys.js';
import type { Problem, RequestLike, Shape } from '../types.js';

/** A language tag as the contract takes it: `en`, `de`, `pt-BR` (RFC 5646's shape, loosely). */
export const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

/**
 * The members of a detailed body that are the contract's own (`type`, `title`, `status`, `detail`,
 * `instance`, `code`, `errors`): an extension may not replace them, and a trace id member may not
 * take their names.
 */
export const RESERVED_MEMBERS: ReadonlySet<string> = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'errors']);

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
export interface ErrorContractOptions<C extends Catalog<L> = Catalog, L extends string = string> {
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
   * Called with every error `respond` answers. Without it (and without `logger`), 5xx are logged
   * to stderr with their stack. What it throws is swallowed: a logger must not turn one failure
   * into two.
   */
  onError?: (error: unknown, problem: Problem, request: RequestLike) => void;
  /**
   * Where each 5xx is logged, as one structured line: `{ err, method, path, status, code, traceId }`
   * (the path without its query; the trace id of the active OpenTelemetry span, else of the
   * request's `traceparent`, else the body's). Takes pino or any `{ error(fields, message) }`.
   * Default: one readable line on the console, unless `onError` is given; `false`: no line.
   */
  logger?: ErrorLogger | false;
  /** Log 4xx too (to the logger's `warn` when it has one). Default false: a client's mistake is no incident. */
  logClientErrors?: boolean;
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
   * For development and tests: an answer whose code the matched route does not declare (its
   * `x-error-codes`, or its response schemas; see the Declared errors guide) is logged once per
   * route and code (to the logger's `warn`, else the console) and counted on
   * `error_contract.responses` with `error_contract.undeclared: true`. Only where the adapter
   * knows a route's declaration at run time (Fastify); nothing changes on the wire. Default false.
   */
  checkDeclaredCodes?: boolean;
  /**
   * The path prefixes the contract covers, e.g. `'/api'` (which covers `/api` and `/api/...`, not
   * `/apis`). Outside them adapters leave every response, failures included, as the app made it.
   * Default: the whole app. In Express, mounting the middleware on a path does the same.
   */
  scope?: string | readonly string[];
  /**
   * A trace id in every detailed body and in the log line, so a client's report can be found in
   * the tracing backend and the log: the active OpenTelemetry span's trace id when
   * `@opentelemetry/api` is set up and a span is active, else the W3C `traceparent` trace id when
   * the request has one, else a new one.
   * `true` names the member `traceId`; a string names it. Also on `problem.traceId` for `onError`.
   * Default off.
   */
  traceId?: boolean | string;
  /**
   * The status of a validation failure (`validation_failed`): 400, as the service specification
   * says (default), or 422 (RFC 9110 section 15.5.21) for APIs whose clients expect it.
   */
  validationStatus?: 400 | 422;
  /**
   * The languages titles and details are given in, the default first: each answer's language is
   * negotiated from Accept-Language and named in `Content-Language` (with `Vary: Accept-Language`).
   * The catalog may then give `title` and `detail` per language (every language, checked by the
   * compiler); the built-in codes take theirs from `translations`. An error's own message is sent
   * as it is. Default: no negotiation, no headers.
   */
  languages?: readonly L[];
  /** Titles and details of the built-in codes per language, e.g. `{ de: { not_found: { title: 'Nicht gefunden' } } }`. */
  translations?: Translations<L>;
  /**
   * Mappers for the errors of the app's libraries, asked in order before the contract decides:
   * the app's own first, then the presets of `@error-contract/core/presets` (`prismaErrors()`,
   * `postgresErrors()`, `jwtErrors()`, ...). The first that returns a replacement wins; with none,
   * the error is answered as it would be without `map`. Logs and `onError` still get the original
   * error. Default: none.
   */
  map?: readonly ErrorMapper<C>[];
  /**
   * The `WWW-Authenticate` challenge of a 401 that brings none (a bare `res.status(401).end()`,
   * Hono's `HTTPException(401)`, http-errors' 401, Nest's `UnauthorizedException`): RFC 9110
   * section 15.5.2 says a 401 MUST carry at least one. A challenge the thrown value carries, or
   * one the app set on the response, is kept. One challenge, or several (sent comma-separated).
   * Default `'Bearer'` (RFC 6750 section 3): the scheme of almost every JSON API, with no realm
   * made up for the app, and one that no browser answers with a login dialog (as it would `Basic`).
   *
   * @example
   * createErrorContract({ challenge: 'Bearer realm="widgets"' });
   */
  challenge?: string | readonly string[];
}

/**
 * Texts of the built-in (or any) codes in other languages. A code or text left out falls back to
 * the default language's.
 *
 * @example
 * const translations: Translations<'en' | 'de'> = {
 *   de: { not_found: { title: 'Nicht gefunden', detail: 'Die angefragte Ressource gibt es nicht.' } },
 * };
 */
export type Translations<L extends string = string> = {
  readonly [K in L]?: { readonly [code in LiteralUnion<BuiltinCode, string>]?: { readonly title?: string; readonly detail?: string } };
};

// Every option, checked by the compiler against the interface both ways (none missing, none extra).
const OPTION_KEYS = {
  typeBaseUrl: true,
  shape: true,
  catalog: true,
  statuses: true,
  exposeInternalErrors: true,
  onError: true,
  logger: true,
  logClientErrors: true,
  extensions: true,
  accept: true,
  rejectMalformedPath: true,
  checkDeclaredCodes: true,
  scope: true,
  traceId: true,
  validationStatus: true,
  languages: true,
  translations: true,
  map: true,
  challenge: true,
} as const satisfies Record<keyof ErrorContractOptions, true>;

/**
 * The names of the options of `createErrorContract`, for adapters that take them beside their own.
 *
 * @example
 * assertKnownOptions(options, [...CONTRACT_OPTION_KEYS, 'checkRequest'], '@error-contract/fastify');
 */
export const CONTRACT_OPTION_KEYS: readonly string[] = Object.freeze(Object.keys(OPTION_KEYS));

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
  /** The logger of the log line; undefined for the console; false for none. */
  logger: ErrorLogger | false | undefined;
  logClientErrors: boolean;
  extensions: ErrorContractOptions['extensions'];
  accept: AcceptPolicy;
  rejectMalformedPath: boolean;
  /** Set when `checkDeclaredCodes` is on: the route and code pairs already logged as undeclared. */
  undeclaredSeen: Set<string> | undefined;
  /** Normalised prefixes (leading slash, no trailing one), or undefined for the whole app. */
  scope: readonly string[] | undefined;
  /** The body member that carries the trace id, or undefined for none. */
  traceField: string | undefined;
  validationStatus: 400 | 422;
  /** The languages as given (the default first), and lower-cased for negotiation; undefined for none. */
  languages: { tags: readonly string[]; lower: readonly string[]; translations: Translations } | undefined;
  /** The `map` option's mappers, or undefined for none (the hot path asks only this). */
  map: MapSettings | undefined;
  /** The `WWW-Authenticate` value a 401 without one gets (the `challenge` option), checked. */
  challenge: string;
}

function resolveLanguages(options: ErrorContractOptions<Catalog>): Settings['languages'] {
  const { languages, translations = {} } = options;
  if (languages === undefined) {
    if (options.translations !== undefined) fail('`translations` need `languages`.');
    return undefined;
  }
  if (!Array.isArray(languages) || languages.length === 0 || languages.some((tag) => typeof tag !== 'string' || !LANGUAGE_TAG.test(tag))) {
    fail("`languages` must be a non-empty array of language tags such as ['en', 'de'], the default first.");
  }
  const lower = languages.map((tag: string) => tag.toLowerCase());
  if (new Set(lower).size !== lower.length) fail('`languages` must not name a language twice.');
  if (translations === null || typeof translations !== 'object') fail('`translations` must be an object of language -> code -> { title?, detail? }.');
  for (const [language, codes] of Object.entries(translations)) {
    if (!languages.includes(language)) fail(`\`translations\` names ${JSON.stringify(language)}, which is not in \`languages\`.`);
    for (const [code, texts] of Object.entries(codes ?? {})) {
      const bad = texts === null || typeof texts !== 'object' || ['title', 'detail'].some((key) => (texts as Record<string, unknown>)[key] !== undefined && typeof (texts as Record<string, unknown>)[key] !== 'string');
      if (bad) fail(`\`translations.${language}.${code}\` must be { title?: string, detail?: string }.`);
    }
  }
  return { tags: languages, lower, translations };
}

// The members a trace id may not take: the body's own, and `stack` (exposeInternalErrors).
const TAKEN_MEMBERS: ReadonlySet<string> = new Set([...RESERVED_MEMBERS, 'stack']);

function resolveTraceField(traceId: ErrorContractOptions['traceId']): string | undefined {
  if (traceId === undefined || traceId === false) return undefined;
  if (traceId === true) return 'traceId';
  if (typeof traceId !== 'string' || !/^[A-Za-z_][\w-]{0,63}$/.test(traceId) || TAKEN_MEMBERS.has(traceId)) {
    fail('`traceId` must be true, false, or a member name such as "traceId" that is not a standard one.');
  }
  return traceId;
}

function resolveLogger(logger: ErrorContractOptions['logger']): ErrorLogger | false | undefined {
  if (logger === undefined || logger === false) return logger;
  if (logger === null || typeof logger !== 'object' || typeof logger.error !== 'function') {
    fail('`logger` must be false or a logger with an `error(fields, message)` method, such as pino.');
  }
  return logger;
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

/** The contract's default challenge (see {@link ErrorContractOptions.challenge}). */
export const DEFAULT_CHALLENGE = 'Bearer';

// RFC 9110 section 11.6.1: challenge = auth-scheme [ 1*SP ( token68 / #auth-param ) ]. The scheme
// is a token; what follows is checked as any header value is (no CR, LF or NUL).
const CHALLENGE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?: [\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;

function resolveChallenge(challenge: ErrorContractOptions['challenge']): string {
  if (challenge === undefined) return DEFAULT_CHALLENGE;
  const list = typeof challenge === 'string' ? [challenge] : challenge;
  if (!Array.isArray(list) || list.length === 0 || list.some((one) => typeof one !== 'string' || one.length > 1000 || !CHALLENGE.test(one))) {
    fail('`challenge` must be a WWW-Authenticate challenge such as \'Bearer realm="api"\' (an auth scheme, then its parameters), or a non-empty array of them.');
  }
  return list.join(', ');
}

/** Checks options at once, as a middleware factory should, and resolves them. */
export function resolveSettings(options: ErrorContractOptions<Catalog> = {}): Settings {
  if (options === null || typeof options !== 'object') fail('options must be an object.');
  assertKnownOptions(options, CONTRACT_OPTION_KEYS, 'createErrorContract');
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
  const { logClientErrors = false, checkDeclaredCodes = false } = options;
  if (typeof logClientErrors !== 'boolean') fail('`logClientErrors` must be a boolean.');
  if (typeof checkDeclaredCodes !== 'boolean') fail('`checkDeclaredCodes` must be a boolean.');
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
  const languages = resolveLanguages(options);
  const catalog = resolveCatalog(options.catalog, languages?.tags);
  const logger = resolveLogger(options.logger);
  return {
    catalog,
    typeBaseUrl,
    shape,
    statuses: allowed,
    exposeInternalErrors,
    onError: optionalFunction(options.onError, 'onError'),
    logger,
    logClientErrors,
    extensions: optionalFunction(options.extensions, 'extensions'),
    accept,
    rejectMalformedPath,
    undeclaredSeen: checkDeclaredCodes ? new Set() : undefined,
    scope: resolveScope(options.scope),
    traceField: resolveTraceField(options.traceId),
    validationStatus,
    languages,
    map: resolveMap(options.map, (code) => catalog.get(code)?.status, logger),
    challenge: resolveChallenge(options.challenge),
  };
}
