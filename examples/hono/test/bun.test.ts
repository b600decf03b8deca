// The reference service on Bun: the conformance table, the public documents and the startup
// contract, over real HTTP, as on Node (test/conformance.test.ts).
import { describeConformance, describePublicDocuments, describeStartup } from '@error-contract/conformance';
import { REFUSED_BY_SERVER } from '../src/runtimes.js';
import { ownDocument } from './own-document.js';
import { EXAMPLE, runtimeInstalled, startCommand, startOn } from './spawned.js';

if (runtimeInstalled('bun')) {
  describeConformance('hono on bun', { start: startOn('bun'), refusedByServer: REFUSED_BY_SERVER.bun });
  describePublicDocuments('hono on bun', { start: startOn('bun'), ...ownDocument({ nodeServer: false }) });
  describeStartup('hono on bun', { cwd: EXAMPLE, command: startCommand('bun') });
}
