// What an ESM app does before its own code (`node --import ./register.mjs app.mjs`), as the site's
// Observability page (docs/observability.md) says: OpenTelemetry's loader hook, so that the instrumentations can patch what `import` loads
// (`require-in-the-middle` sees only `require`), then the SDK and the instrumentations.
import { register } from 'node:module';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

const { context, propagation, trace } = await import('@opentelemetry/api');
const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
const { registerInstrumentations } = await import('@opentelemetry/instrumentation');
const { ExpressInstrumentation } = await import('@opentelemetry/instrumentation-express');
const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');

// in memory, for the test: an app would export to its collector here
const exporter = new InMemorySpanExporter();
globalThis.finishedSpans = () => exporter.getFinishedSpans();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
registerInstrumentations({ tracerProvider: provider, instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation()] });
