// What a built Nitro server loads first (`node --import ./register.mjs .output/server/index.mjs`):
// OpenTelemetry's loader hook (the built server imports `node:http` as ESM), the SDK and the HTTP
// instrumentation. Each ended span is appended to SPANS_FILE as one JSON line, for the test in
// another process to read (an app would export to its collector here).
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

const { context, propagation, trace } = await import('@opentelemetry/api');
const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
const { registerInstrumentations } = await import('@opentelemetry/instrumentation');
const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
const { BasicTracerProvider, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');

const file = process.env.SPANS_FILE;
const toFile = {
  export(spans, done) {
    for (const span of spans) {
      const line = { name: span.name, kind: span.kind, traceId: span.spanContext().traceId, attributes: span.attributes, status: span.status.code, events: span.events.map((event) => event.name) };
      if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
    }
    done({ code: 0 });
  },
  shutdown: async () => {},
};
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(toFile)] });
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(provider);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
registerInstrumentations({ tracerProvider: provider, instrumentations: [new HttpInstrumentation()] });
