// Next 15 runs middleware.ts where Next 16 runs proxy.ts; the proxy is examples/next's, copied in.
// The Node runtime (stable in Next 15.5): the service kit hashes tokens with node:crypto.
import type { NextFetchEvent, NextRequest } from 'next/server';
import { proxy } from './proxy';

export function middleware(request: NextRequest, event: NextFetchEvent) {
  return proxy(request, event);
}

export const config = { runtime: 'nodejs' };
