// The tracer provider of OBS_MODE=otel: finished spans appended to a file as JSON lines.
import { appendFileSync } from 'node:fs';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, type ReadableSpan, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

function fileExporter(file: string): SpanExporter {
  return {
    export(spans: ReadableSpan[], done) {
      for (const span of spans) {
        const line = {
          traceId: span.spanContext().traceId,
          spanId: span.spanContext().spanId,
          parentSpanId: span.parentSpanContext?.spanId,
          name: span.name,
          kind: span.kind,
          attributes: span.attributes,
          status: span.status,
          events: span.events.map((event) => ({ name: event.name, attributes: event.attributes })),
        };
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      }
      done({ code: ExportResultCode.SUCCESS });
    },
    shutdown: async () => {},
  };
}

export function setUp(file: string): void {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(fileExporter(file))] }));
}
