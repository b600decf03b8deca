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
}

/** Options after their checks, in the form the hot path wants. */
export interface Settings {
  catalog: Map<string, CatalogEntry>;
  typeBaseUrl: string | undefined;
  shape: Shape | ((request: RequestLike) => Shape);
  statuses: ReadonlySet<number> | undefined;
  exposeInternalErrors: boolean;
  onError: ErrorContractOptions['onError'];
  extensions: ErrorContractOptions['extensions'];
}

function fail(message: string): never {
  throw new TypeError(`error-contract: ${message}`);
}

function optionalFunction<T>(value: T, name: string): T {
  if (value !== undefined && typeof value !== 'function') fail(`\`${name}\` must be a function.`);
  return value;
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
  let allowed: Set<number> | undefined;
  if (statuses !== undefined) {
    if (!Array.isArray(statuses) || statuses.some((status) => !Number.isInteger(status) || status < 400 || status > 599)) {
      fail('`statuses` must be an array of integer statuses from 400 to 599.');
    }
    allowed = new Set(statuses);
    if (!allowed.has(400) || !allowed.has(500)) fail('`statuses` must include 400 and 500: they are where other statuses fall back to.');
  }
  return {
    catalog: resolveCatalog(options.catalog),
    typeBaseUrl,
    shape,
    statuses: allowed,
    exposeInternalErrors,
    onError: optionalFunction(options.onError, 'onError'),
    extensions: optionalFunction(options.extensions, 'extensions'),
  };
}
