// The active OpenTelemetry span, read without importing @opentelemetry/api.
//
// The API keeps what an SDK registers (the context manager among them) on globalThis under
// `Symbol.for('opentelemetry.js.api.1')` (its src/internal/global-utils.ts), so that every copy of
// the API in a process, ESM or CJS, shares one; and its context keys are `Symbol.for()` of fixed
// descriptions (`createContextKey` in src/context/context.ts). Reading that global needs no import,
// synchronous or not: the ESM and CJS builds of core behave alike, nothing is loaded on edge
// runtimes, and an app without OpenTelemetry pays one property read per failure (none per success).
// The symbol names major version 1 of the API: a later major registers under another key, and is
// simply not seen.
import { read } from '../base/safe-read.js';
import type { Problem } from '../types.js';

const OTEL_API = Symbol.for('opentelemetry.js.api.1');
// @opentelemetry/api's trace.setSpan / getActiveSpan
const SPAN_KEY = Symbol.for('OpenTelemetry Context Key SPAN');
// @opentelemetry/core's setRPCMetadata: the HTTP instrumentation puts the request's server span
// there, for framework instrumentations (Express's, Koa's) to name its route from a child span.
const RPC_METADATA_KEY = Symbol.for('OpenTelemetry SDK Context Key RPC_METADATA');
// SpanStatusCode.ERROR
const STATUS_ERROR = 2;
const TRACE_ID = /^[\da-f]{32}$/;
const INVALID_TRACE_ID = '0'.repeat(32);

/** The part of an OpenTelemetry `Span` the contract uses. */
interface SpanLike {
  spanContext(): { traceId?: unknown };
  setAttribute(key: string, value: string): unknown;
  recordException(exception: unknown): void;
  setStatus(status: { code: number; message?: string }): unknown;
}

/** The spans of the request being answered: the active one and the request's server span. */
export interface ActiveSpans {
  /** The span active where the failure is answered (a framework's middleware span, say). */
  active: SpanLike;
  /** The HTTP instrumentation's server span of the request, else the active span. */
  server: SpanLike;
  traceId: string;
}

function asSpan(value: unknown): SpanLike | undefined {
  return typeof read(value, 'spanContext') === 'function' && typeof read(value, 'setAttribute') === 'function' ? (value as SpanLike) : undefined;
}

/** The context OpenTelemetry's context manager holds active, or undefined without one. */
function activeContext(): { getValue(key: symbol): unknown } | undefined {
  const api = (globalThis as Record<symbol, unknown>)[OTEL_API];
  if (api === undefined) return undefined;
  const manager = read(api, 'context') as { active?: unknown } | undefined;
  if (typeof manager?.active !== 'function') return undefined;
  const context = (manager as { active(): unknown }).active();
  return typeof read(context, 'getValue') === 'function' ? (context as { getValue(key: symbol): unknown }) : undefined;
}

/**
 * The active span and the request's server span, when OpenTelemetry is set up and a span with a
 * valid trace id is active; else undefined. Never throws.
 */
export function activeSpans(): ActiveSpans | undefined {
  try {
    const context = activeContext();
    if (context === undefined) return undefined;
    const active = asSpan(context.getValue(SPAN_KEY));
    const server = asSpan(read(context.getValue(RPC_METADATA_KEY), 'span'));
    const span = active ?? server;
    if (span === undefined) return undefined;
    const traceId = span.spanContext().traceId;
    if (typeof traceId !== 'string' || !TRACE_ID.test(traceId) || traceId === INVALID_TRACE_ID) return undefined;
    return { active: span, server: server ?? span, traceId };
  } catch {
    return undefined;
  }
}

/**
 * The trace id of the OpenTelemetry span active now, or undefined when `@opentelemetry/api` is
 * not set up (no SDK registered) or no span is active. Reads the API's global registration, so it
 * imports nothing and works the same from ESM and CJS. Never throws.
 *
 * @example
 * import { activeTraceId } from '@error-contract/core';
 *
 * app.get('/report', (req, res) => res.json({ traceId: activeTraceId() ?? null }));
 * // under OpenTelemetry's HTTP instrumentation: the server span's trace id
 */
export function activeTraceId(): string | undefined {
  return activeSpans()?.traceId;
}

// The error each span last had recorded by the contract: one failure answered twice (a Koa 405
// answered again with its Allow header, say) is one exception event.
const RECORDED = new WeakMap<object, unknown>();

/** Whether `span` already holds an exception event for `error` (SDK spans list their events). */
function alreadyRecorded(span: SpanLike, error: unknown): boolean {
  if (RECORDED.get(span) === error) return true;
  const events = read(span, 'events');
  if (!Array.isArray(events)) return false;
  const message = read(error, 'message');
  const type = read(error, 'name');
  return events.some((event) => {
    if (read(event, 'name') !== 'exception') return false;
    const attributes = read(event, 'attributes');
    return read(attributes, 'exception.message') === message && read(attributes, 'exception.type') === type;
  });
}

/** What `recordException` is given: the error itself when it is an object with a message or name. */
function exceptionOf(error: unknown): unknown {
  if (typeof read(error, 'message') === 'string' || typeof read(error, 'name') === 'string') return error;
  let text: string;
  try {
    text = typeof error === 'symbol' ? error.toString() : JSON.stringify(error) ?? String(error);
  } catch {
    text = Object.prototype.toString.call(error);
  }
  return { name: 'Error', message: `non-error thrown: ${text}` };
}

/**
 * Marks the request's spans for a failure the contract answers, as OpenTelemetry's semantic
 * conventions say: `error.type` is the problem's code, on the active span and the server span; a
 * 5xx also records the exception on the server span (once: not when that span already holds it)
 * and sets its status to ERROR. A 4xx leaves every status as it is (the HTTP conventions keep a
 * server span's 4xx unset). Never throws.
 */
export function markSpans(spans: ActiveSpans | undefined, problem: Problem, error: unknown): void {
  if (spans === undefined) return;
  const { active, server } = spans;
  try {
    active.setAttribute('error.type', problem.code);
    if (server !== active) server.setAttribute('error.type', problem.code);
    if (problem.status < 500) return;
    if (!alreadyRecorded(server, error)) {
      server.recordException(exceptionOf(error));
      RECORDED.set(server, error);
    }
    server.setStatus({ code: STATUS_ERROR, message: problem.code });
  } catch {
    // a span that refuses to be marked must not cost the response
  }
}
