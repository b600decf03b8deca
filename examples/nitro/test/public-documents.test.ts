import { describePublicDocuments } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describePublicDocuments('nitro', { start: startService, nodeServer: false });
