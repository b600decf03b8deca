import { runMain } from '@error-contract/service-kit';
import { startService } from './server.js';

// The built server reads METRICS_PORT itself (server/plugins/metrics.ts).
await runMain(startService);
