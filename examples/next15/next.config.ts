import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// As examples/next/next.config.ts; Next 15 builds with webpack by default.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const config: NextConfig = {
  transpilePackages: ['@error-contract/service-kit'],
  serverExternalPackages: ['ioredis'],
  outputFileTracingRoot: root,
  poweredByHeader: false,
  webpack(webpackConfig: { resolve: { extensionAlias?: Record<string, string[]> } }) {
    webpackConfig.resolve.extensionAlias = { ...webpackConfig.resolve.extensionAlias, '.js': ['.ts', '.js'] };
    return webpackConfig;
  },
};

export default config;
