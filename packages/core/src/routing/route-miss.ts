// Where the framework found no handler: is the path there under other methods (405) or not (404)?
// Adapters read their framework's route tables; the decision from what they read is made here.
import type { ProblemInit } from '../failures/contract-error.js';
import { problem, problems } from '../failures/problems.js';

// A route registered for every method (`app.all`, `router.all`) is middleware, not a declaration
// of what the resource supports: Express and @koa/router expand it to every method Node knows
// (over 30), Hono keeps `ALL`, Express's `route.all()` sets `_all`.
const CATCH_ALL = ['_ALL', 'ALL', '*'];
const MAX_DECLARED_METHODS = 20;

/**
 * The problem for a request no handler answered, given the method lists of the routes whose path
 * matched: 405 with `Allow` when they declare other methods, else 404. A route declaring the
 * request's own method (or GET, for a HEAD) that still passed the request on means 404.
 *
 * @example
 * routeMiss('PUT', [['GET'], ['POST']]); // 405, Allow: GET, HEAD, POST
 * routeMiss('GET', []); // 404
 */
export function routeMiss(method: string, routeMethods: Iterable<Iterable<string>>): ProblemInit {
  const declared: string[] = [];
  for (const list of routeMethods) {
    const methods: string[] = [];
    for (const name of list) methods.push(String(name).toUpperCase());
    if (methods.length >= MAX_DECLARED_METHODS || methods.some((name) => CATCH_ALL.includes(name))) continue;
    for (const name of methods) if (!declared.includes(name)) declared.push(name);
  }
  const own = method.toUpperCase();
  if (declared.length === 0 || declared.includes(own) || (own === 'HEAD' && declared.includes('GET'))) return problems.notFound();
  return problems.methodNotAllowed(declared);
}

// What a route miss was, per object that stands for a route table's answer for a path (see
// below) and method: the `Allow` value of a 405, or null for a 404.
const REMEMBERED = new WeakMap<object, Map<string, string | null>>();
// Methods are the client's to choose: a path keeps at most this many answers.
const MAX_METHODS_PER_KEY = 16;

/**
 * `routeMiss`, decided once per `key` and method: the routes are asked for (`routeMethods`) and
 * the `Allow` value made (about 1 µs for a 405) only the first time. `key` is an object that
 * stands for the route lists, such as an adapter's memo entry for a path or a node standing for
 * the router layers that matched. Each call still gets a problem of its own, as `routeMiss` gives
 * one: `onError` and the other callbacks may tag what they are handed.
 *
 * @example
 * const miss = rememberedRouteMiss(layer, ctx.method, () => [layer.methods]);
 */
export function rememberedRouteMiss(key: object, method: string, routeMethods: () => Iterable<Iterable<string>>): ProblemInit {
  let byMethod = REMEMBERED.get(key);
  if (byMethod === undefined) REMEMBERED.set(key, (byMethod = new Map()));
  const allow = byMethod.get(method);
  if (allow === null) return problems.notFound();
  if (allow !== undefined) return problem(405, undefined, { headers: { allow } });
  const miss = routeMiss(method, routeMethods());
  if (byMethod.size < MAX_METHODS_PER_KEY) byMethod.set(method, miss.status === 405 ? (miss.headers?.allow ?? null) : null);
  return miss;
}
