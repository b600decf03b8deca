// `@error-contract/core/docs`: the contract published as docs pages, one per code, for the `type`
// links of its bodies to point at.
export { type Guidance, guidanceFor } from './guidance.js';
export { type DocsHandler, type DocsResponse, type ErrorDocsOptions, errorDocs } from './handler.js';
export { escapeHtml } from './html.js';
