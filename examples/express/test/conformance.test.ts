import { fileURLToPath } from 'node:url';
import { describeConformance, describeStartup } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describeConformance('express', { start: startService });
describeStartup('express', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
