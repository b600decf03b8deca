import { runMain } from '@error-contract/service-kit';
import { startService } from './deno.js';

await runMain(startService);
