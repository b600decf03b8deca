import { fileURLToPath } from 'node:url';
import { describeConformance, describeStartup } from '@error-contract/conformance';
import { startOnExpress, startOnFastify } from '../src/server.js';

describeConformance('nest (platform-express)', { start: startOnExpress });
describeConformance('nest (platform-fastify)', { start: startOnFastify });
describeStartup('nest', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
