import { runMain } from '@error-contract/service-kit';
import { startService } from './server.js';

await runMain(startService);
