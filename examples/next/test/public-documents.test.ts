import { describePublicDocuments } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describePublicDocuments('next', { start: startService, nodeServer: false });
