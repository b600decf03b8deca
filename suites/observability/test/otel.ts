// A real OpenTelemetry SDK as a service sets it up: the context manager, the W3C propagator, a
// tracer provider exporting to memory, and the standard Node instrumentations (HTTP, Express, Koa),
// with Fastify's own, @fastify/otel, registered on every Fastify instance made (its
// `registerOnInitialization`, as its README sets it up with the Node SDK): Nest's platform-fastify
// instance too. (OpenTelemetry's Nest instrumentation, @opentelemetry/instrumentation-nestjs-core
// 0.71, patches @nestjs/core >=4 <12 only: Nest 12 gets the platform's spans.)
// Import it first: the instrumentations patch modules required after they are registered, so the
// frameworks are required through `load` (require-in-the-middle sees `require`, not vitest's import).
import { createRequire } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KoaInstrumentation } from '@opentelemetry/instrumentation-koa';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

export const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
registerInstrumentations({
  tracerProvider: provider,
  instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation(), new KoaInstrumentation(), new FastifyOtelInstrumentation({ registerOnInitialization: true })],
});

/** `require`, after the instrumentations: what it loads is instrumented. */
export const load = createRequire(import.meta.url);
// the HTTP instrumentation patches Node's http.Server, which every framework's server uses
load('node:http');

/** The spans of one request: waits until its server span has ended (at the response's close). */
export async function spansOf(send: () => Promise<Response>): Promise<{ response: Response; text: string; spans: ReadableSpan[]; server: ReadableSpan }> {
  exporter.reset();
  const response = await send();
  const text = await response.text();
  for (let waited = 0; waited < 2000; waited += 5) {
    const spans = exporter.getFinishedSpans();
    const server = spans.find((span) => span.kind === 1);
    if (server !== undefined) return { response, text, spans: [...spans], server };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no server span ended');
}
