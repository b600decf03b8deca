// A small Next.js site with an API under /api, as its users write one: a page, static files, a
// redirect in the config, a security header on every answer, and route handlers. Built twice, into
// a folder per mode (FIXTURE_CONTRACT): without the contract (`.next-none`: nothing of ours is
// bundled, and app/api/[[...path]]/route.contract.js is no route) and with it (`.next-scoped`, with
// the README's next.config line, transpilePackages). Both builds have one build id, so that the
// pages of the two can be compared byte for byte.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const scoped = process.env.FIXTURE_CONTRACT === 'scoped';

export default {
  distDir: scoped ? '.next-scoped' : '.next-none',
  generateBuildId: () => 'do-no-harm',
  pageExtensions: scoped ? ['contract.js', 'js', 'jsx'] : ['js', 'jsx'],
  ...(scoped ? { transpilePackages: ['@error-contract/next', '@error-contract/core'] } : {}),
  turbopack: { root, ...(scoped ? {} : { resolveAlias: { '@error-contract/next': './lib/without-contract.js' } }) },
  outputFileTracingRoot: root,
  poweredByHeader: false,
  async headers() {
    return [{ source: '/:path*', headers: [{ key: 'x-content-type-options', value: 'nosniff' }] }];
  },
  async redirects() {
    return [{ source: '/old-page', destination: '/page', permanent: true }];
  },
  async rewrites() {
    return [{ source: '/', destination: '/index.html' }];
  },
};
