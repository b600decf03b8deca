import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  sourcemap: true,
  // The status table is a private workspace package: bundled in, never a runtime dependency.
  noExternal: ['@error-contract/http-status'],
});
