export { documentedCodes, type KnownCode, knownCodes, plainText, SPEC_CODES } from './codes.js';
export { type ErrorComponentsOptions, errorComponents, type OpenApiFragment, responseName, SCHEMA_NAMES } from './components.js';
export { exportDocs } from './docs/export.js';
export { type Guidance, guidanceFor } from './docs/guidance.js';
export { type DocsHandler, type DocsResponse, type ErrorDocsOptions, errorDocs } from './docs/handler.js';
export { escapeHtml } from './docs/html.js';
export { type ErrorResponsesOptions, type OpenApiDocument, withErrorResponses } from './operations.js';
export { acceptPolicyOf, shapeAt, typeBaseOf } from './probe.js';
export { compactErrorsSchema, detailedProblemSchema, type JsonSchema } from './schemas.js';
