// A route's own error responses, status by status, for the adapters whose framework's OpenAPI
// tool documents a route from its own schemas (Fastify's `schema.response`, Elysia's `response`
// map, Hono's `createRoute`/`describeRoute`): which codes go under which status, the body schema
// that pins them, its description and its headers. Each adapter only writes these in its tool's
// form; `withErrorResponses` reads the pinned codes back as the route's declaration.
import type { ErrorContract } from '../contract/contract.js';
import { shapeAt } from './probe.js';
import type { Shape } from '../types.js';
import { knownCodes } from './codes.js';
import { headerComponents, headerNamesOf } from './components.js';
import { compactErrorsSchema, detailedProblemSchema, type JsonSchema } from './schemas.js';

/**
 * Options of {@link routeErrorStatuses}.
 *
 * @example
 * const options: RouteErrorOptions = { path: '/api/client/v1/widgets/:id' };
 */
export interface RouteErrorOptions {
  /**
   * The route's path, for a contract whose body shape depends on it (its `shape` option as a
   * function): `:id`, `:id{[0-9]+}` and `{id}` parameters all read as one plain segment.
   */
  path?: string;
  /** The body shape, when it is fixed; else the contract's for `path` (`'detailed'` without one). */
  shape?: Shape;
}

/**
 * One status of a route's own error responses.
 *
 * @example
 * const [missing]: RouteErrorStatus[] = routeErrorStatuses(contract, ['not_found']);
 * missing.schema; // the detailed body with `code` an enum of ['not_found']
 */
export interface RouteErrorStatus {
  status: number;
  /** Its codes, each once, in the order given. */
  codes: string[];
  shape: Shape;
  /** The codes' titles, joined by "or". */
  description: string;
  /** The headers the codes carry, as OpenAPI header objects (`Allow`, `Retry-After`, `WWW-Authenticate`). */
  headers?: Record<string, { description: string; schema: { type: 'string' } }>;
  /** The whole body schema (no `$ref`: a route's tool knows no components), `code` pinned to `codes`. */
  schema: JsonSchema;
}

/** The codes by status: given as a list, each under the status the contract sends it with. */
function byStatus(contract: ErrorContract, codes: readonly string[] | Readonly<Record<number, readonly string[]>>): Map<number, string[]> {
  const known = knownCodes(contract);
  const statusOf = (code: unknown) => {
    const entry = typeof code === 'string' ? known.get(code) : undefined;
    if (entry === undefined) throw new TypeError(`error-contract: errorResponses names the code \`${String(code)}\`, which the contract does not know: add it to the catalog, or name a built-in code.`);
    return entry.status;
  };
  const grouped = new Map<number, string[]>();
  const add = (status: number, code: string) => {
    const list = grouped.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    grouped.set(status, list);
  };
  if (Array.isArray(codes)) {
    for (const code of codes as readonly string[]) add(statusOf(code), code);
    return grouped;
  }
  if (codes === null || typeof codes !== 'object') throw new TypeError("error-contract: errorResponses takes the codes by status, e.g. { 404: ['not_found'] }.");
  for (const [key, list] of Object.entries(codes)) {
    if (!Array.isArray(list) || list.length === 0) throw new TypeError(`error-contract: errorResponses lists no codes under ${key}: give the codes the route answers with it, e.g. { 404: ['not_found'] }.`);
    for (const code of list as readonly string[]) {
      const status = statusOf(code);
      if (String(status) !== key) throw new TypeError(`error-contract: errorResponses lists the code \`${code}\` under ${key}, but the contract answers it with ${status}: list it under ${status}.`);
      add(status, code);
    }
  }
  return grouped;
}

/**
 * A route's own error responses, one per status in ascending order: the codes given (a list,
 * each under the status the contract sends it with, or keyed by status, each checked against
 * it), the body schema pinning them in the shape the contract answers the route with, their
 * titles and their headers. Throws a TypeError for a code the contract does not know, or one
 * keyed under another status than the contract's.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { routeErrorStatuses } from '@error-contract/core/openapi';
 *
 * const contract = createErrorContract({ catalog: { widget_locked: { status: 409, title: 'Widget locked' } } });
 * routeErrorStatuses(contract, { 404: ['not_found'], 409: ['conflict', 'widget_locked'] }).map((one) => `${one.status} ${one.description}`);
 * // ['404 Not Found', '409 Conflict or Widget locked']
 */
export function routeErrorStatuses(contract: ErrorContract, codes: readonly string[] | Readonly<Record<number, readonly string[]>>, options: RouteErrorOptions = {}): RouteErrorStatus[] {
  options ??= {};
  const known = knownCodes(contract);
  const path = options.path?.replace(/:[^/]+/g, 'x').replace(/\{[^}]*\}/g, 'x');
  const shape = options.shape ?? (path === undefined ? 'detailed' : shapeAt(contract, path));
  const headerObjects = headerComponents();
  return [...byStatus(contract, codes)]
    .sort(([a], [b]) => a - b)
    .map(([status, list]) => {
      const names = headerNamesOf(list);
      const headers = Object.fromEntries(names.map((name) => [name, { description: String(headerObjects[name]!.description), schema: { type: 'string' as const } }]));
      return {
        status,
        codes: list,
        shape,
        description: list.map((code) => known.get(code)!.title).join(' or '),
        ...(names.length === 0 ? {} : { headers }),
        schema: shape === 'detailed' ? detailedProblemSchema(list) : compactErrorsSchema(list),
      };
    });
}
