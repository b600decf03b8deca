// Next.js calls `register()` once when a server starts (instrumentation.ts, Next's place for
// OpenTelemetry set-up): with METRICS_PORT set, the Prometheus endpoint at
// http://HOST:METRICS_PORT/metrics, as the other reference services serve it. The proxy and every
// route module run in this one Node process, so the MeterProvider registered here on the
// OpenTelemetry API's global is the one core finds when any of them answers a failure.
export async function register(): Promise<void> {
  // the Edge runtime has no node:http to serve from (Next calls register() per runtime)
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.METRICS_PORT) return;
  const { serveMetricsFromEnv } = await import('@error-contract/service-kit/metrics');
  await serveMetricsFromEnv();
}
