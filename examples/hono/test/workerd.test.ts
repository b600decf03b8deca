// The reference service on Workerd: the conformance table, the public documents and the startup
// contract, over real HTTP, as on Node (test/conformance.test.ts).
import { describeConformance, describePublicDocuments, describeStartup } from '@error-contract/conformance';
import { EXAMPLE, runtimeInstalled, startCommand, startOn } from './spawned.js';

if (runtimeInstalled('workerd')) {
  // workerd's server refuses a raw `<` or `>` in the request target (RFC 3986 leaves them out of a
  // URI) with its own text/plain 400, before the Worker runs (README.md, "What each runtime's server refuses").
  const refusedByServer = { 'an absent widget, query not in instance': { status: 400, contentType: 'text/plain' } };
  describeConformance('hono on workerd', { start: startOn('workerd'), refusedByServer });
  describePublicDocuments('hono on workerd', { start: startOn('workerd') });
  describeStartup('hono on workerd', { cwd: EXAMPLE, command: startCommand('workerd') });
}
