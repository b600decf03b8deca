// Example bodies come from core's own renderer, so a document can never show a body the service
// would not send.
import type { CatalogEntry } from '../catalog.js';
import { createErrorContract, type ErrorContract } from '../contract.js';
import type { ProblemExtras } from '../contract-error.js';
import { problems } from '../problems.js';
import type { RequestLike, Shape } from '../types.js';
import { knownCodes } from './codes.js';
import { typeBaseOf } from './probe.js';

/** The path example bodies name as their `instance`. */
export const EXAMPLE_PATH = '/widgets/7';

const EXAMPLE_FIELDS = [{ field: 'name', detail: 'name must be a string of 1 to 50 characters' }] as const;

/** What each built-in code's example carries besides its code: the headers and fields it is known for. */
const EXAMPLE_EXTRAS: Readonly<Record<string, ProblemExtras>> = {
  method_not_allowed: { headers: { allow: 'GET, HEAD, DELETE' } },
  unauthorized: { headers: { 'www-authenticate': 'Bearer realm="api"' } },
  too_many_requests: { headers: { 'retry-after': '30' } },
};

/**
 * Renders example bodies of one contract: a twin contract with the same catalog and type links,
 * fixed to one shape, goes through core's `normalize` and `render`.
 *
 * @example
 * const render = exampleRenderer(contract);
 * render('not_found', 'compact'); // { errors: [{ code: 'not_found', message: 'The requested resource was not found.' }] }
 */
export function exampleRenderer(contract: ErrorContract): (code: string, shape: Shape) => Record<string, unknown> {
  const typeBaseUrl = typeBaseOf(contract);
  // the catalog in one language (its default), so the twin needs no `languages` of its own
  const catalog: Record<string, CatalogEntry> = {};
  for (const known of knownCodes(contract).values()) {
    if (known.builtin) continue;
    catalog[known.code] = { status: known.status, title: known.title, ...(known.detail === undefined ? {} : { detail: known.detail }), ...(known.type === undefined ? {} : { type: known.type }) };
  }
  const twins = {
    detailed: createErrorContract({ catalog, shape: 'detailed', ...(typeBaseUrl === undefined ? {} : { typeBaseUrl }) }),
    compact: createErrorContract({ catalog, shape: 'compact', ...(typeBaseUrl === undefined ? {} : { typeBaseUrl }) }),
  };
  const request: RequestLike = { method: 'GET', path: EXAMPLE_PATH, headers: { accept: 'application/json' } };
  return (code, shape) => {
    const twin = twins[shape];
    // the factory's own detail ("The request has 1 invalid field."), as a real failure has
    const error = code === 'validation_failed' ? problems.validationFailed([...EXAMPLE_FIELDS]) : twin.error(code, undefined, EXAMPLE_EXTRAS[code]);
    const problem = twin.normalize(error, request);
    return JSON.parse(twin.render(problem, request).body ?? '{}') as Record<string, unknown>;
  };
}
