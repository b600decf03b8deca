import { packageBuild } from '../../tsup.base.js';

// `@error-contract/hono/zod-openapi` is an entry of its own: only an app that documents with
// @hono/zod-openapi loads it (and zod, its optional peer).
export default packageBuild([], { 'zod-openapi': 'src/zod-openapi.ts' });
