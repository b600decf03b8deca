import { defineConfig, type Options } from 'tsup';

/**
 * The build every publishable package shares: ESM + CJS + types from `src/index.ts`.
 * `bundled` lists private workspace packages compiled in (never a runtime dependency).
 */
export function packageBuild(bundled: string[] = []) {
  const options: Options = {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'es2022',
    sourcemap: true,
    noExternal: bundled,
  };
  return defineConfig(options);
}
