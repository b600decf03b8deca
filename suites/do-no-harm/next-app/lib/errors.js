// The fixture is built twice, once per mode, each into its own folder (next.config.mjs):
// FIXTURE_CONTRACT=scoped (the contract on /api, as its README shows it) or none (every route
// module exports its handlers as they are, as without us). The mode is read at build time, when
// Next prerenders the static routes, and again by `next start`.
import { errorContract } from '@error-contract/next';

export const MODE = process.env.FIXTURE_CONTRACT === 'scoped' ? 'scoped' : 'none';
export const SECRET = 'password=hunter2';
export const ALLOWED_ORIGIN = 'https://app.example.com';

export const errors = errorContract({ typeBaseUrl: 'https://docs.example.com/errors/', scope: '/api', onError: () => {} });

/** The route module's exports: wrapped with the contract (the methods given, and GET), or the handlers as they are. */
export function route(handlers) {
  return MODE === 'scoped' ? errors.route(handlers) : handlers;
}

export const ITEMS = Array.from({ length: 40 }, (_, index) => ({ id: String(index + 1), name: `Item number ${index + 1}` }));
