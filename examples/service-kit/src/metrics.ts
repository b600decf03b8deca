// The reference services' Prometheus endpoint: with METRICS_PORT set, OpenTelemetry's Prometheus
// exporter serves the metrics the service records, the contract's `error_contract.responses`
// among them (as `error_contract_responses_total`), at http://HOST:METRICS_PORT/metrics.
// An entry of its own (`@error-contract/service-kit/metrics`), imported by the Node services' mains
// only: the Hono service on workerd bundles service-kit's main entry, where Node's `http` is not.
// The OpenTelemetry packages are imported when the endpoint is asked for.

/** A started Prometheus endpoint: its URL, and how to stop it (the MeterProvider unregistered). */
export interface MetricsEndpoint {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the process's OpenTelemetry metrics for Prometheus at `http://host:port/metrics`, and
 * registers the MeterProvider globally (core finds it there when a failure is answered, whenever
 * it is registered).
 */
export async function serveMetrics(port: number, host: string): Promise<MetricsEndpoint> {
  const [{ metrics }, { PrometheusExporter }, { MeterProvider }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/exporter-prometheus'),
    import('@opentelemetry/sdk-metrics'),
  ]);
  const exporter = new PrometheusExporter({ port, host, preventServerStart: true });
  const provider = new MeterProvider({ readers: [exporter] });
  await exporter.startServer();
  metrics.setGlobalMeterProvider(provider);
  return {
    url: `http://${host}:${port}/metrics`,
    close: async () => {
      metrics.disable();
      await provider.shutdown();
    },
  };
}

/** The endpoint METRICS_PORT asks for (on HOST, else 127.0.0.1), or undefined when it is not set. */
export async function serveMetricsFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<MetricsEndpoint | undefined> {
  const raw = env.METRICS_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new TypeError(`METRICS_PORT must be a port number, got ${JSON.stringify(raw)}`);
  return serveMetrics(port, env.HOST || '127.0.0.1');
}
