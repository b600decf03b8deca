// The service builds its own OpenAPI document with @hono/zod-openapi (src/widget-routes.ts): the
// public-documents suite keeps it equal to a file here (`vitest -u` rewrites it) and holds each
// operation to the codes of examples/openapi.json. Served by a server that is not Node's own, it
// lists none of Node's parser refusals (408, 417, 431), as examples/openapi.not-node-server.json.
import { fileURLToPath } from 'node:url';
import type { PublicDocumentsOptions } from '@error-contract/conformance';

/** The options of `describePublicDocuments` for the service's own document, on Node's server or another. */
export function ownDocument({ nodeServer }: { nodeServer: boolean }): Pick<PublicDocumentsOptions, 'ownDocument' | 'sameErrors' | 'nodeServer'> {
  const file = nodeServer ? '../openapi.json' : '../openapi.not-node-server.json';
  return { ownDocument: fileURLToPath(new URL(file, import.meta.url)), sameErrors: 'codes', nodeServer };
}
