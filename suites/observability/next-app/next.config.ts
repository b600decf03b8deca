// The Next.js app of suites/observability (test/next.test.ts), wrapped by Sentry's withSentryConfig
// as @sentry/nextjs's docs set it up (nothing uploaded: no auth token, source maps off).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withSentryConfig } from '@sentry/nextjs/config';
import type { NextConfig } from 'next';

// the monorepo's root: the workspace packages are symlinks that resolve outside this folder
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const config: NextConfig = { outputFileTracingRoot: root, turbopack: { root }, poweredByHeader: false };

export default withSentryConfig(config, { silent: true, telemetry: false, sourcemaps: { disable: true } });
