// The Next.js reference service under Next 15: examples/next's route modules, lib and proxy,
// copied in before each build, built and started by this folder's Next (15.5).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NextApp } from '@error-contract/example-next/build';
import { startNextService } from '@error-contract/example-next/server';
import type { StartService } from '@error-contract/service-kit';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = ['app', 'lib', 'routes', 'proxy.ts'];

export const NEXT_15: NextApp = {
  appDir,
  nextBin: createRequire(import.meta.url).resolve('next/dist/bin/next'),
  sources: [...SHARED.map((path) => `../next/${path}`), 'middleware.ts', 'next.config.ts', 'package.json', '../service-kit/src', '../../packages/next/dist', '../../packages/core/dist'],
  buildArgs: ['build'],
  copied: SHARED.map((path) => ({ from: `../next/${path}`, to: path })),
};

/** Starts the reference service on Next 15; port 0 picks a free one. */
export const startService: StartService = startNextService(NEXT_15);
