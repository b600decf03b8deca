import { runMain } from '@error-contract/service-kit';
import { startService } from './bun.js';

await runMain(startService);
