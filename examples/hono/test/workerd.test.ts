// The reference service on workerd: the conformance table, the public documents and the startup
// contract, over real HTTP, as on Node (test/conformance.test.ts).
import { describeConformance, describePublicDocuments, describeStartup } from '@error-contract/conformance';
import { REFUSED_BY_SERVER } from '../src/runtimes.js';
import { ownDocument } from './own-document.js';
import { EXAMPLE, runtimeInstalled, startCommand, startOn } from './spawned.js';

if (runtimeInstalled('workerd')) {
  describeConformance('hono on workerd', { start: startOn('workerd'), refusedByServer: REFUSED_BY_SERVER.workerd });
  describePublicDocuments('hono on workerd', { start: startOn('workerd'), ...ownDocument({ nodeServer: false }) });
  describeStartup('hono on workerd', { cwd: EXAMPLE, command: startCommand('workerd') });
}
