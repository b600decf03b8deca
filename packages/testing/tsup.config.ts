import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base.js';

const base = packageBuild();

// The shared build, with the test-runner entries and the CLI added. The CLI's shebang is the
// first line of src/cli.ts: esbuild keeps it, and tsup marks the file executable.
export default defineConfig({
  ...base,
  entry: ['src/index.ts', 'src/vitest.ts', 'src/jest.ts', 'src/cli.ts'],
  dts: { entry: ['src/index.ts', 'src/vitest.ts', 'src/jest.ts'] },
});
