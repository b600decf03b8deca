export { type Case, casesFor, OTHER_PATH_CASES, PREFIXES, referenceRoutes } from './cases.js';
export { type Received, send, type SentRequest } from './http.js';
export { describeStartup } from './startup.js';
export { type ConformanceOptions, describeConformance, expectContract } from './suite.js';
export { describePublicDocuments, type PublicDocumentsOptions } from './public-documents.js';
