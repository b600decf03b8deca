// METRICS_PORT set: the Prometheus endpoint at http://HOST:METRICS_PORT/metrics, served by the
// built server itself (the contract's metrics are recorded in its process).
import { serveMetricsFromEnv } from '@error-contract/service-kit/metrics';
import { definePlugin } from 'nitro';

export default definePlugin(() => {
  void serveMetricsFromEnv();
});
