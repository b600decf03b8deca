// The reference service on Deno: the conformance table, the public documents and the startup
// contract, over real HTTP, as on Node (test/conformance.test.ts).
import { describeConformance, describePublicDocuments, describeStartup } from '@error-contract/conformance';
import { REFUSED_BY_SERVER } from '../src/runtimes.js';
import { ownDocument } from './own-document.js';
import { EXAMPLE, runtimeInstalled, startCommand, startOn } from './spawned.js';

if (runtimeInstalled('deno')) {
  describeConformance('hono on deno', { start: startOn('deno'), refusedByServer: REFUSED_BY_SERVER.deno });
  describePublicDocuments('hono on deno', { start: startOn('deno'), ...ownDocument({ nodeServer: false }) });
  describeStartup('hono on deno', { cwd: EXAMPLE, command: startCommand('deno') });
}
