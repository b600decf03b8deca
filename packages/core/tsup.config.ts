import { packageBuild } from '../../tsup.base.js';

// The status table is a private workspace package: bundled in, never a runtime dependency.
// `@error-contract/core/presets` is an entry of its own: an app that maps nothing loads none of it.
// `@error-contract/core/adapter` holds the pieces adapters are built from, apart from what apps use;
// `@error-contract/core/openapi` and `@error-contract/core/docs` publish the contract, apart too.
// Core keeps no state an entry could split in two: what must be shared (a contract's settings, the
// problem mark) hangs under a `Symbol.for` key, so the CommonJS entries' own copies agree.
export default packageBuild(['@error-contract/http-status'], { adapter: 'src/adapter.ts', presets: 'src/presets/index.ts', openapi: 'src/openapi/index.ts', docs: 'src/docs/index.ts' });
