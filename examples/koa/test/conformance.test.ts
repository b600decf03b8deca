import { fileURLToPath } from 'node:url';
import { describeConformance, describeStartup } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describeConformance('koa', { start: startService });
describeStartup('koa', { cwd: fileURLToPath(new URL('..', import.meta.url)) });
