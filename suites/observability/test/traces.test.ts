// Issue 27, items 1, 2 and 5: what OpenTelemetry's standard Node instrumentation (HTTP, Express,
// Koa) records of a 500 and a 404, with and without the contract, with and without an incoming
// traceparent. The contract adds, and only adds: the server span's trace id in the body; on the
// server span, `error.type` and, for a 5xx, one exception event and status ERROR.
import { trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import * as coreEsm from '@error-contract/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { load, spansOf } from './otel.js';
import { FRAMEWORKS, INCOMING_TRACE_ID, type Listening, makeApp, TRACEPARENT } from './apps.js';

const ERROR = 2;
const UNSET = 0;
const CASES = [
  { path: '/boom', status: 500, code: 'internal_server_error' },
  { path: '/missing', status: 404, code: 'not_found' },
  { path: '/nowhere', status: 404, code: 'not_found' },
] as const;

const exceptions = (span: ReadableSpan) => span.events.filter((event) => event.name === 'exception');

/**
 * A span as compared across the two apps: what the contract does not change. @fastify/otel names a
 * handler's span by the chain of plugins registered before its route (`handler - fastify ->
 * @fastify/otel -> @error-contract/fastify`): any plugin made with fastify-plugin (@fastify/cors,
 * @fastify/helmet) lengthens it so; the contract's link is taken out of the name.
 */
function shape(span: ReadableSpan) {
  return { name: span.name.replace(' -> @error-contract/fastify', ''), kind: span.kind, route: span.attributes['http.route'], status: span.attributes['http.response.status_code'] };
}

/** The spans of the app itself: the contract's own middleware spans are left out. */
const appSpans = (spans: ReadableSpan[]) => spans.filter((span) => !span.name.includes('errorContract')).map(shape).sort((a, b) => a.name.localeCompare(b.name));

describe.each(FRAMEWORKS)('%s under OpenTelemetry', (framework) => {
  let bare: Listening;
  let withContract: Listening;
  beforeAll(async () => {
    // the bare apps' own default logging (finalhandler, Koa, Hono) is not what this file looks at
    vi.spyOn(console, 'error').mockImplementation(() => {});
    bare = await makeApp(framework, load, undefined).listen();
    withContract = await makeApp(framework, load, { traceId: true, logger: false }).listen();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await bare.close();
    await withContract.close();
  });

  describe.each([
    ['no traceparent', {}],
    ['an incoming traceparent', { traceparent: TRACEPARENT }],
  ])('with %s', (name, extra) => {
    const headers = { accept: 'application/json', ...extra };

    it.each(CASES)("$path: the body's trace id is the server span's", async ({ path, status, code }) => {
      const { response, text, server } = await spansOf(() => fetch(`${withContract.url}${path}`, { headers }));
      expect(response.status).toBe(status);
      const body = JSON.parse(text) as { traceId: string; code: string };
      expect(body.code).toBe(code);
      expect(body.traceId).toBe(server.spanContext().traceId);
      if (name !== 'no traceparent') expect(body.traceId).toBe(INCOMING_TRACE_ID);
    });

    it.each(CASES)('$path: the same spans as without the contract, the server span marked', async ({ path, status, code }) => {
      const before = await spansOf(() => fetch(`${bare.url}${path}`, { headers }));
      const after = await spansOf(() => fetch(`${withContract.url}${path}`, { headers }));
      expect(before.response.status).toBe(status);
      expect(appSpans(after.spans)).toEqual(appSpans(before.spans));
      // without the contract, nothing records the failure on the server span
      expect(exceptions(before.server)).toHaveLength(0);
      if (status >= 500) {
        expect(before.server.status.code).toBe(ERROR);
        expect(after.server.status.code).toBe(ERROR);
        const events = exceptions(after.server);
        expect(events).toHaveLength(1);
        expect(events[0]!.attributes).toMatchObject({ 'exception.type': 'Error', 'exception.message': 'connection to db-7 failed' });
        expect(events[0]!.attributes!['exception.stacktrace']).toContain('connection to db-7 failed');
        // the HTTP instrumentation names a 5xx by its status when the response closes (semconv)
        expect(after.server.attributes['error.type']).toBe('500');
      } else {
        expect(after.server.status.code).toBe(UNSET);
        expect(exceptions(after.server)).toHaveLength(0);
        expect(after.server.attributes['error.type']).toBe(code);
        expect(before.server.attributes['error.type']).toBeUndefined();
      }
      // every span of the request is in one trace, the body's
      const traceIds = new Set(after.spans.map((span) => span.spanContext().traceId));
      expect([...traceIds]).toEqual([(JSON.parse(after.text) as { traceId: string }).traceId]);
    });
  });

  it("a 405 (a path under another method): the body's trace id is the server span's too", async () => {
    const { response, text, server } = await spansOf(() => fetch(`${withContract.url}/boom`, { method: 'POST', headers: { accept: 'application/json' } }));
    expect(response.status).toBe(405);
    expect((JSON.parse(text) as { traceId: string }).traceId).toBe(server.spanContext().traceId);
    expect(server.attributes['error.type']).toBe('method_not_allowed');
    expect(server.status.code).toBe(UNSET);
  });

  it('a span active where the contract answers (a framework middleware span) also gets error.type', async () => {
    const { spans } = await spansOf(() => fetch(`${withContract.url}/boom`, { headers: { accept: 'application/json' } }));
    const ours = spans.filter((span) => span.name.includes('errorContract'));
    for (const span of ours.filter((span) => span.attributes['error.type'] !== undefined)) {
      expect(span.attributes['error.type']).toBe('internal_server_error');
      expect(exceptions(span)).toHaveLength(0);
    }
    // Koa runs the contract inside its own middleware span; Express and Hono answer in the server span
    expect(ours.some((span) => span.attributes['error.type'] === 'internal_server_error')).toBe(framework === 'koa');
  });
});

describe('core reads the active span without importing the API', () => {
  it('its ESM and its CJS build both see the span the SDK made active', () => {
    const coreCjs = load('@error-contract/core') as typeof coreEsm;
    expect(coreCjs).not.toBe(coreEsm);
    trace.getTracer('test').startActiveSpan('work', (span) => {
      expect(coreEsm.activeTraceId()).toBe(span.spanContext().traceId);
      expect(coreCjs.activeTraceId()).toBe(span.spanContext().traceId);
      span.end();
    });
    expect(coreCjs.activeTraceId()).toBeUndefined();
  });
});
