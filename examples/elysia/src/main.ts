// The reference service on Bun: `pnpm start` runs this file with Bun (scripts/start.mjs).
import { runMain } from '@error-contract/service-kit';
import { startService } from './bun.js';

await runMain(startService);
