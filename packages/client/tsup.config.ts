import { packageBuild } from '../../tsup.base.js';

// The status table is a private workspace package: bundled in, never a runtime dependency.
// Minified: the client ships to browsers, and its main entry must stay under 3 KB gzipped
// (test/size.test.ts); the source maps keep the readable source.
const base = packageBuild(['@error-contract/http-status']) as Record<string, unknown>;

// `@error-contract/client/adapters` (ky, ofetch, axios) imports the main entry at run time rather
// than bundling a second copy of it: one ApiError class, and the main entry pays nothing for it.
const mainEntryExternal = {
  name: 'main-entry-external',
  setup(build: { initialOptions: { format?: string }; onResolve: (options: { filter: RegExp }, callback: (args: { importer: string }) => unknown) => void }) {
    build.onResolve({ filter: /^\.\/index\.js$/ }, ({ importer }) =>
      importer.endsWith('adapters.ts') ? { path: build.initialOptions.format === 'cjs' ? './index.cjs' : './index.js', external: true } : undefined,
    );
  },
};

export default { ...base, entry: ['src/index.ts', 'src/adapters.ts'], minify: true, esbuildPlugins: [mainEntryExternal] };
