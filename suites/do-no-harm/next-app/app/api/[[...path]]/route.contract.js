import { errors } from '../../../lib/errors.js';

// The one file the contract adds (README: app/api/[[...path]]/route.ts): every path under /api no
// route module has, /api itself included, is the contract's 404. Its `.contract.js` name makes it a
// route in the build with the contract only (next.config.mjs's pageExtensions): without the
// contract the app has no such file, and Next answers those paths with its own 404 page.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = errors.notFoundRoute;
