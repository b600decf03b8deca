import { fileURLToPath } from 'node:url';
import { describeConformance, describeStartup } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describeConformance('hono', { start: startService });
describeStartup('hono', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
