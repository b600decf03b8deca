import { describePublicDocuments } from '@error-contract/conformance';
import { startService } from '../src/server.js';
import { ownDocument } from './own-document.js';

describePublicDocuments('hono', { start: startService, ...ownDocument({ nodeServer: true }) });
