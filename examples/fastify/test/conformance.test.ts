import { fileURLToPath } from 'node:url';
import { describeConformance, describeStartup } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describeConformance('fastify', { start: startService });
describeStartup('fastify', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
