import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The monorepo's root: the workspace packages (the adapter's built dist, the service kit's
// TypeScript sources) are symlinks that resolve outside this folder.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const config: NextConfig = {
  // the service kit is TypeScript source, shared with the other examples
  transpilePackages: ['@error-contract/service-kit'],
  // the kit's Redis client is only for the other examples' shared rate limit
  serverExternalPackages: ['ioredis'],
  outputFileTracingRoot: root,
  // Built as users' apps are, with Next 16's default bundler, Turbopack (`next build`): the kit
  // imports its TypeScript files by their own names (`./x.ts`), since Turbopack does not map a
  // `./x.js` import to `./x.ts` as webpack's extensionAlias does (vercel/next.js#82945).
  turbopack: { root },
  poweredByHeader: false,
};

export default config;
