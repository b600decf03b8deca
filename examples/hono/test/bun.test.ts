// The reference service on Bun: the conformance table, the public documents and the startup
// contract, over real HTTP, as on Node (test/conformance.test.ts).
import { describeConformance, describePublicDocuments, describeStartup } from '@error-contract/conformance';
import { EXAMPLE, runtimeInstalled, spawned, startCommand } from './spawned.js';

if (runtimeInstalled('bun')) {
  describeConformance('hono on bun', { start: spawned('bun') });
  describePublicDocuments('hono on bun', { start: spawned('bun') });
  describeStartup('hono on bun', { cwd: EXAMPLE, command: startCommand('bun') });
}
