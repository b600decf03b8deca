// The reference service on Elysia and Bun: the conformance table (strict mode), the public
// documents and the startup contract, over real HTTP, as every other example. Its OpenAPI document
// is @elysiajs/openapi's (src/openapi.ts), kept in ../openapi.json: the routes in the plugin's
// words, each operation's codes those of examples/openapi.not-node-server.json.
import { fileURLToPath } from 'node:url';
import { describeConformance, describePublicDocuments, describeStartup } from '@error-contract/conformance';
import { describe, expect, it } from 'vitest';
import { bunMissing, EXAMPLE, START_COMMAND, startService } from '../src/server.js';

const missing = bunMissing();
if (missing === undefined) {
  describeConformance('elysia on bun', { start: startService });
  describePublicDocuments('elysia on bun', { start: startService, nodeServer: false, ownDocument: fileURLToPath(new URL('../openapi.json', import.meta.url)), sameErrors: 'codes' });
  describeStartup('elysia on bun', { cwd: EXAMPLE, command: [...START_COMMAND] });
} else {
  describe('elysia on bun', () => {
    // in CI the devDependency must have brought Bun; elsewhere one skipped test says what is missing
    if (process.env.CI) it('finds the runtime', () => expect.fail(missing));
    else it.skipIf(true)(`is not installed here: ${missing}`, () => {});
  });
}
