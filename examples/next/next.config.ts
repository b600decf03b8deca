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
  // Built with webpack (`next build --webpack`): the kit imports its TypeScript files as `./x.js`
  // (Node's ESM rule), which Turbopack does not resolve to `./x.ts` (vercel/next.js#82945).
  webpack(webpackConfig: { resolve: { extensionAlias?: Record<string, string[]> } }) {
    webpackConfig.resolve.extensionAlias = { ...webpackConfig.resolve.extensionAlias, '.js': ['.ts', '.js'] };
    return webpackConfig;
  },
  poweredByHeader: false,
};

export default config;
