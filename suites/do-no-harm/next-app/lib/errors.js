// One build serves both modes of the suite: FIXTURE_CONTRACT=scoped (the contract on /api, as its
// README shows it) or none (every route module exports its handlers as they are, as without us).
import { errorContract } from '@error-contract/next';

export const MODE = process.env.FIXTURE_CONTRACT === 'scoped' ? 'scoped' : 'none';
export const SECRET = 'password=hunter2';
export const ALLOWED_ORIGIN = 'https://app.example.com';

export const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', scope: '/api', onError: () => {} });

const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** The route module's exports: wrapped with the contract, or the handlers as they are (undefined where not given). */
export function route(handlers) {
  if (MODE === 'scoped') return errors.route(handlers);
  return Object.fromEntries(METHODS.map((method) => [method, handlers[method]]));
}

export const ITEMS = Array.from({ length: 40 }, (_, index) => ({ id: String(index + 1), name: `Item number ${index + 1}` }));
