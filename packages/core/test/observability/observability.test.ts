// Issue 27: what tracing and logging see of a failure. A real OpenTelemetry API and SDK are
// registered in this file only (vitest runs each file in its own worker), and core reads them
// through the API's global registration, without importing @opentelemetry/api.
import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { RPCType, setRPCMetadata, W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeTraceId, createErrorContract, type ErrorContractOptions, type ErrorLogger, notFound, traceIdOf } from '../../src/index.js';
import { request } from '../helpers.js';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('test');

/** A structured logger that keeps its lines. */
function memoryLogger(withWarn = true) {
  const lines: { level: string; fields: Record<string, unknown>; message?: string }[] = [];
  const logger: ErrorLogger = { error: (fields, message) => lines.push({ level: 'error', fields, message }) };
  if (withWarn) logger.warn = (fields, message) => lines.push({ level: 'warn', fields, message });
  return { logger, lines };
}

/** Runs `body` inside a server span as the HTTP instrumentation makes one, and returns it ended. */
function inServerSpan<T>(body: (server: Span) => T, parent = context.active()): { result: T; server: ReturnType<typeof exporter.getFinishedSpans>[number] } {
  const span = tracer.startSpan('GET', { kind: SpanKind.SERVER }, parent);
  const result = context.with(setRPCMetadata(trace.setSpan(parent, span), { type: RPCType.HTTP, span }), () => body(span));
  span.end();
  const server = exporter.getFinishedSpans().find((finished) => finished.spanContext().spanId === span.spanContext().spanId)!;
  return { result, server };
}

function exceptionEvents(span: { events: readonly { name: string }[] }) {
  return span.events.filter((event) => event.name === 'exception');
}

describe('without OpenTelemetry set up', () => {
  it('there is no active trace: the traceparent, else a new id, as before', () => {
    expect(activeTraceId()).toBeUndefined();
    expect(traceIdOf(request({ headers: { traceparent: TRACEPARENT } }))).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    const contract = createErrorContract({ onError: () => {} });
    expect(contract.respond(new Error('x'), request()).traceId).toBeUndefined();
    expect(contract.respond(new Error('x'), request({ headers: { traceparent: TRACEPARENT } })).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('the log line names the traceparent even with the traceId option off', () => {
    const { logger, lines } = memoryLogger();
    createErrorContract({ logger }).respond(new Error('db down'), request({ headers: { traceparent: TRACEPARENT } }));
    expect(lines[0]!.fields.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });
});

describe('with an OpenTelemetry SDK', () => {
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  });
  afterEach(() => exporter.reset());

  it("the body's, the problem's and the log line's trace id are the active span's, whatever the traceparent", () => {
    const { logger, lines } = memoryLogger();
    const problems: unknown[] = [];
    const contract = createErrorContract({ traceId: true, logger, onError: (_error, problem) => problems.push(problem.traceId) });
    const { result, server } = inServerSpan(() => {
      expect(activeTraceId()).toMatch(/^[\da-f]{32}$/);
      return contract.respond(new Error('db down'), request({ headers: { accept: 'application/json', traceparent: TRACEPARENT } }));
    });
    const traceId = server.spanContext().traceId;
    expect(traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(JSON.parse(result.body!).traceId).toBe(traceId);
    expect(result.traceId).toBe(traceId);
    expect(problems).toEqual([traceId]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.fields).toMatchObject({ method: 'GET', path: '/widgets/7', status: 500, code: 'internal_server_error', traceId });
  });

  it('a span continuing an incoming traceparent gives that trace id', () => {
    const parent = propagation.extract(context.active(), { traceparent: TRACEPARENT });
    const { result } = inServerSpan(() => createErrorContract({ traceId: true, onError: () => {} }).respond(notFound(), request()), parent);
    expect(JSON.parse(result.body!).traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('a 5xx: error.type is the code, the exception is recorded once, the status is ERROR', () => {
    const contract = createErrorContract({ onError: () => {} });
    const failure = new Error('db down');
    const { server } = inServerSpan(() => {
      contract.respond(failure, request());
      // the same failure answered again (Koa's 405 with Allow, say) is still one event
      contract.respond(failure, request());
    });
    expect(server.attributes['error.type']).toBe('internal_server_error');
    expect(server.status).toEqual({ code: SpanStatusCode.ERROR, message: 'internal_server_error' });
    const events = exceptionEvents(server);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ attributes: { 'exception.type': 'Error', 'exception.message': 'db down' } });
  });

  it('a 4xx: error.type is the code, the status stays unset, nothing is recorded', () => {
    const { server } = inServerSpan(() => createErrorContract({ onError: () => {} }).respond(notFound('No widget.'), request()));
    expect(server.attributes['error.type']).toBe('not_found');
    expect(server.status.code).toBe(SpanStatusCode.UNSET);
    expect(exceptionEvents(server)).toHaveLength(0);
  });

  it('under a framework span, the server span gets the exception and the status; both get error.type', () => {
    const contract = createErrorContract({ onError: () => {} });
    const { server } = inServerSpan(() => {
      const child = tracer.startSpan('middleware - handler');
      context.with(trace.setSpan(context.active(), child), () => contract.respond(new Error('db down'), request()));
      child.end();
    });
    const child = exporter.getFinishedSpans().find((span) => span.name === 'middleware - handler')!;
    expect(child.attributes['error.type']).toBe('internal_server_error');
    expect(exceptionEvents(child)).toHaveLength(0);
    expect(child.status.code).toBe(SpanStatusCode.UNSET);
    expect(exceptionEvents(server)).toHaveLength(1);
    expect(server.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('an exception already recorded on the span is not recorded a second time', () => {
    const failure = new TypeError('bad');
    const { server } = inServerSpan((span) => {
      span.recordException(failure);
      createErrorContract({ onError: () => {} }).respond(failure, request());
    });
    expect(exceptionEvents(server)).toHaveLength(1);
    expect(server.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('a thrown non-Error is recorded as a message', () => {
    const { server } = inServerSpan(() => createErrorContract({ onError: () => {} }).respond('boom', request()));
    expect(exceptionEvents(server)[0]).toMatchObject({ attributes: { 'exception.message': 'non-error thrown: "boom"' } });
  });

  it('outside any span there is no active trace, and no span is marked', () => {
    expect(activeTraceId()).toBeUndefined();
    expect(createErrorContract({ onError: () => {} }).respond(new Error('x'), request()).traceId).toBeUndefined();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('a thrown value JSON cannot write (a BigInt) is still recorded', () => {
    const { server } = inServerSpan(() => createErrorContract({ onError: () => {} }).respond(10n, request()));
    expect(exceptionEvents(server)[0]).toMatchObject({ attributes: { 'exception.message': 'non-error thrown: [object BigInt]' } });
  });

  it('a refusal before routing (406) is marked like any failure', () => {
    const { server } = inServerSpan(() => createErrorContract({ onError: () => {}, accept: 'strict' }).checkRequest({ method: 'GET', path: '/', headers: {} }));
    expect(server.attributes['error.type']).toBe('not_acceptable');
  });

  it('a span that throws when marked costs nothing of the response', () => {
    const hostile = new Proxy(tracer.startSpan('hostile'), {
      get(target, key) {
        if (key === 'setAttribute' || key === 'recordException') return () => { throw new Error('span down'); };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const response = context.with(trace.setSpan(context.active(), hostile), () => createErrorContract({ onError: () => {} }).respond(new Error('x'), request()));
    expect(response.status).toBe(500);
    expect(response.traceId).toBe(hostile.spanContext().traceId);
  });

  it('a span without a valid trace id is no active trace', () => {
    const invalid = trace.wrapSpanContext({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 });
    context.with(trace.setSpan(context.active(), invalid), () => expect(activeTraceId()).toBeUndefined());
  });
});

describe('the log line', () => {
  afterEach(() => vi.restoreAllMocks());

  it('one structured line per 5xx, with the error and its stack; none for a 4xx', () => {
    const { logger, lines } = memoryLogger();
    const contract = createErrorContract({ logger, traceId: true });
    const failure = new Error('db down');
    contract.respond(notFound(), request());
    contract.respond(failure, request({ method: 'POST', path: '/widgets/7?token=secret' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('error');
    expect(lines[0]!.message).toBe('error-contract: POST /widgets/7 -> 500 internal_server_error');
    expect(lines[0]!.fields).toMatchObject({ err: failure, method: 'POST', path: '/widgets/7', status: 500, code: 'internal_server_error' });
    expect(lines[0]!.fields.traceId).toMatch(/^[\da-f]{32}$/);
    expect(JSON.stringify(lines[0]!.fields)).not.toContain('secret');
  });

  it('4xx lines when asked, to warn when the logger has it, else to error', () => {
    const withWarn = memoryLogger();
    createErrorContract({ logger: withWarn.logger, logClientErrors: true }).respond(notFound(), request());
    expect(withWarn.lines).toMatchObject([{ level: 'warn', fields: { status: 404, code: 'not_found' } }]);
    expect(withWarn.lines[0]!.fields).not.toHaveProperty('traceId');
    const errorOnly = memoryLogger(false);
    createErrorContract({ logger: errorOnly.logger, logClientErrors: true }).respond(notFound(), request());
    expect(errorOnly.lines).toMatchObject([{ level: 'error', fields: { status: 404 } }]);
  });

  it('both onError and a logger: both are called', () => {
    const { logger, lines } = memoryLogger();
    const onError = vi.fn();
    createErrorContract({ logger, onError }).respond(new Error('x'), request());
    expect(onError).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(1);
  });

  it('logger: false writes nothing, not even to the console', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    createErrorContract({ logger: false }).respond(new Error('x'), request());
    expect(spy).not.toHaveBeenCalled();
  });

  it('the console by default; a 4xx there when asked goes to console.warn', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = notFound();
    createErrorContract({ logClientErrors: true }).respond(failure, request({ headers: { traceparent: TRACEPARENT } }));
    expect(warn).toHaveBeenCalledWith('error-contract: GET /widgets/7 -> 404 not_found trace 4bf92f3577b34da6a3ce929d0e0e4736', failure);
  });

  it('a throwing logger does not change the response', () => {
    const logger: ErrorLogger = { error: () => { throw new Error('logger down'); } };
    expect(createErrorContract({ logger }).respond(new Error('x'), request()).status).toBe(500);
  });

  it.each<[string, ErrorContractOptions]>([
    ['a logger without error()', { logger: {} as ErrorLogger }],
    ['a logger that is true', { logger: true as unknown as false }],
    ['a null logger', { logger: null as unknown as false }],
    ['logClientErrors that is not a boolean', { logClientErrors: 'yes' as unknown as boolean }],
  ])('%s is a TypeError at creation', (_name, options) => {
    expect(() => createErrorContract(options)).toThrow(TypeError);
  });
});
