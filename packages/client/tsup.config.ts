import { packageBuild } from '../../tsup.base.js';

// The status table is a private workspace package: bundled in, never a runtime dependency.
export default packageBuild(['@error-contract/http-status']);
