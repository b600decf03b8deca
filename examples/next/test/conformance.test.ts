import { fileURLToPath } from 'node:url';
import { describeConformance, describeStartup } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describeConformance('next', { start: startService });
describeStartup('next', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
