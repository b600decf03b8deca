import { describePublicDocuments } from '@error-contract/conformance';
import { startOnExpress, startOnFastify } from '../src/server.js';

describePublicDocuments('nest (platform-express)', { start: startOnExpress });
describePublicDocuments('nest (platform-fastify)', { start: startOnFastify });
