// The reference service on Bun: `pnpm start` runs this file with Bun (scripts/start.mjs).
// METRICS_PORT set: OpenTelemetry's Prometheus exporter serves the process's metrics (the
// contract's `error_contract.responses` among them) at http://HOST:METRICS_PORT/metrics; it runs
// on Bun as it does on Node (node:http, which Bun provides).
import { runMain } from '@error-contract/service-kit';
import { serveMetricsFromEnv } from '@error-contract/service-kit/metrics';
import { startService } from './bun.js';

await serveMetricsFromEnv();
await runMain(startService);
