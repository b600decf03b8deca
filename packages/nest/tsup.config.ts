import type { Options } from 'tsup';
import { packageBuild } from '../../tsup.base.js';

// `@error-contract/nest/swagger` is an entry of its own: only an app that documents with
// @nestjs/swagger loads it (and needs that package).
const base = packageBuild([], { swagger: 'src/swagger.ts' }) as Options;

// src/platform.ts reads `import.meta.url` in the ES module build and `__filename` in the CommonJS
// one, where esbuild leaves `import.meta` empty on purpose.
export default {
  ...base,
  esbuildOptions(options) {
    options.logOverride = { ...options.logOverride, 'empty-import-meta': 'silent' };
  },
} satisfies Options;
