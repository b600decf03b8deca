// The counter of answered failures, `error_contract.responses`, read without importing
// @opentelemetry/api (as active-span.ts reads the tracer).
//
// The API keeps the MeterProvider an SDK registers (`metrics.setGlobalMeterProvider`) on the same
// global as the tracer, `globalThis[Symbol.for('opentelemetry.js.api.1')].metrics` (its
// src/api/metrics.ts registers under the name 'metrics'; `metrics.disable()` deletes it). Unlike
// traces, the metrics API has no proxy: a meter taken from the no-op provider stays a no-op after
// an SDK registers. So the provider is read when a failure is answered, and its counter is made
// once per provider (cached by identity): an app that registers its MeterProvider after making the
// contract is counted from then on, and an app without one pays one property read per failure and
// nothing per success. The API added metrics in 1.3.0; an older API registers no provider here.
//
// Attributes follow OpenTelemetry's HTTP semantic conventions, all of bounded cardinality: the
// code (`error.type`), the status, the method (a method outside the registry is `_OTHER`, as the
// conventions require), the matched route's template (never the path called), and the mapper.
import { read } from '../base/safe-read.js';
import type { Problem, RequestLike } from '../types.js';

const OTEL_API = Symbol.for('opentelemetry.js.api.1');

/** The counter's name, unit and description, as documented in core's README. */
export const RESPONSES_METRIC = {
  name: 'error_contract.responses',
  unit: '{response}',
  description: 'Failures answered by the error contract, by code, status, method, route template and mapper.',
} as const;

// The methods of RFC 9110 section 9 and RFC 5789 (PATCH) the HTTP conventions list as known;
// any other is `_OTHER`, so that a client inventing methods cannot make series.
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);
// A route template is the app's own text; a longer one is cut, never a series per request.
const MAX_ROUTE_LENGTH = 256;

interface CounterLike {
  add(value: number, attributes: Record<string, string | number | boolean>): void;
}

let cachedProvider: unknown;
let cachedCounter: CounterLike | undefined;

/** The counter of the MeterProvider registered now, made once per provider; undefined without one. */
function counter(): CounterLike | undefined {
  const api = (globalThis as Record<symbol, unknown>)[OTEL_API];
  if (api === undefined) return undefined;
  const provider = read(api, 'metrics');
  if (provider === undefined || provider === null) return undefined;
  if (provider === cachedProvider) return cachedCounter;
  cachedProvider = provider;
  cachedCounter = undefined;
  const getMeter = read(provider, 'getMeter');
  if (typeof getMeter !== 'function') return undefined;
  const meter = getMeter.call(provider, '@error-contract/core');
  const createCounter = read(meter, 'createCounter');
  if (typeof createCounter !== 'function') return undefined;
  const made = createCounter.call(meter, RESPONSES_METRIC.name, { unit: RESPONSES_METRIC.unit, description: RESPONSES_METRIC.description });
  cachedCounter = typeof read(made, 'add') === 'function' ? (made as CounterLike) : undefined;
  return cachedCounter;
}

/** The method as the HTTP conventions record it: a known method as sent, any other `_OTHER`. */
function methodAttribute(method: unknown): string {
  return typeof method === 'string' && KNOWN_METHODS.has(method) ? method : '_OTHER';
}

/**
 * The attributes of one answered failure: what the counter records. `route` is the matched
 * route's template the adapter handed over (`RequestLike#route`), absent when no route matched;
 * `mapper` the name of the `map` option's mapper that answered, if one did; `undeclared` whether
 * the code is one the matched route does not declare (`checkDeclaredCodes`).
 */
export function responseAttributes(problem: Problem, request: RequestLike, mapper: string | undefined, undeclared = false): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {
    'error.type': problem.code,
    'http.response.status_code': problem.status,
    'http.request.method': methodAttribute(read(request, 'method')),
  };
  const route = read(request, 'route');
  if (typeof route === 'string' && route !== '') attributes['http.route'] = route.length > MAX_ROUTE_LENGTH ? route.slice(0, MAX_ROUTE_LENGTH) : route;
  if (mapper !== undefined) attributes['error_contract.mapper'] = mapper;
  // the `checkDeclaredCodes` option: a code the matched route does not declare
  if (undeclared) attributes['error_contract.undeclared'] = true;
  return attributes;
}

/**
 * Counts one answered failure on `error_contract.responses`, when a MeterProvider is registered
 * with the OpenTelemetry API. Never throws.
 */
export function countResponse(problem: Problem, request: RequestLike, mapper: string | undefined, undeclared = false): void {
  try {
    const responses = counter();
    if (responses !== undefined) responses.add(1, responseAttributes(problem, request, mapper, undeclared));
  } catch {
    // a meter that refuses to count must not cost the response
  }
}
