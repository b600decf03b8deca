import { fileURLToPath } from 'node:url';
import { describeConformance, describeStartup } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describeConformance('nitro', { start: startService });
describeStartup('nitro', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
