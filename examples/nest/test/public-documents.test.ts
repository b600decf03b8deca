import { fileURLToPath } from 'node:url';
import { describePublicDocuments } from '@error-contract/conformance';
import { startOnExpress, startOnFastify } from '../src/server.js';

// Nest's document comes from its controllers' decorators (@nestjs/swagger) with the contract's
// error responses added by withErrorResponses: kept in examples/nest/openapi.json.
const ownDocument = fileURLToPath(new URL('../openapi.json', import.meta.url));
describePublicDocuments('nest (platform-express)', { start: startOnExpress, ownDocument });
describePublicDocuments('nest (platform-fastify)', { start: startOnFastify, ownDocument });
