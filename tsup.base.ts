import { defineConfig, type Options } from 'tsup';

/**
 * The build every publishable package shares: ESM + CJS + types from `src/index.ts` (and any
 * subpath entries, `{ maps: 'src/maps/index.ts' }` -> `dist/maps.js`).
 * `bundled` lists private workspace packages compiled in (never a runtime dependency).
 */
export function packageBuild(bundled: string[] = [], subpaths: Record<string, string> = {}) {
  const options: Options = {
    entry: { index: 'src/index.ts', ...subpaths },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'es2022',
    sourcemap: true,
    noExternal: bundled,
  };
  return defineConfig(options);
}
