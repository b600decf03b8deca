import { createErrorContract, type ErrorContract, type RequestLike } from '@error-contract/core';
import type { ServiceConfig } from './config.ts';

/** v1 answers in the compact shape; v2 and every other path in the detailed one. */
export function shapeFor(request: RequestLike): 'compact' | 'detailed' {
  return request.path === '/api/client/v1' || request.path.startsWith('/api/client/v1/') ? 'compact' : 'detailed';
}

/** The prefixes every route is mounted under. */
export const PREFIXES = ['/api/client/v1', '/api/client/v2'] as const;

/** Requests larger than this are answered 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** The contract of the reference service, the same for all three frameworks. */
export function serviceContract(config: Pick<ServiceConfig, 'log'> = {}): ErrorContract {
  const log = config.log ?? ((...args: unknown[]) => console.error(...args));
  return createErrorContract({
    typeBaseUrl: 'https://docs.example.com/errors/',
    shape: shapeFor,
    // The service specification's strict mode: 406 for a missing Accept or one without JSON, and
    // 400 before routing for a path that does not decode, the same in all three frameworks.
    accept: 'strict',
    rejectMalformedPath: true,
    onError(error, problem, request) {
      // 5xx are bugs: the operator gets the stack, the client a generic sentence.
      if (problem.status >= 500) log(`${request.method} ${problem.instance} -> ${problem.status}`, error);
    },
  });
}
