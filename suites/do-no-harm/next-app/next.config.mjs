// A small Next.js site with an API under /api, as its users write one: a page, static files, a
// redirect in the config, a security header on every answer, and route handlers.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export default {
  turbopack: { root },
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
