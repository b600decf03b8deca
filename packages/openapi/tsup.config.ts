import { packageBuild } from '../../tsup.base.js';

// The shared build, plus the `error-contract-docs` command (src/cli.ts, run as dist/cli.js). One
// config, not two: two would run at once, and one's `clean` could delete the other's output.
export default { ...packageBuild(), entry: ['src/index.ts', 'src/cli.ts'], dts: { entry: 'src/index.ts' } };
