import { runMain } from '@error-contract/service-kit';
import { serveMetricsFromEnv } from '@error-contract/service-kit/metrics';
import { startService } from './server.js';

// METRICS_PORT set: the Prometheus endpoint at http://HOST:METRICS_PORT/metrics
await serveMetricsFromEnv();
await runMain(startService);
