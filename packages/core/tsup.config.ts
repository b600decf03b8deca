import { packageBuild } from '../../tsup.base.js';

// The status table is a private workspace package: bundled in, never a runtime dependency.
// `@error-contract/core/maps` is an entry of its own: an app that maps nothing loads none of it.
export default packageBuild(['@error-contract/http-status'], { maps: 'src/maps/index.ts' });
