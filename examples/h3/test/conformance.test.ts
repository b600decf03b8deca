import { fileURLToPath } from 'node:url';
import { describeConformance, describeStartup } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describeConformance('h3', { start: startService });
describeStartup('h3', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
