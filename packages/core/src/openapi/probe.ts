// What the documents need of a contract's options, read from the options it was made with.
import { type ErrorContract, settingsOf } from '../contract/contract.js';
import type { AcceptPolicy } from '../contract/options.js';
import { shapeFor } from '../rendering/render.js';
import type { Shape } from '../types.js';

/**
 * The body shape the contract answers a path with (its `shape` option may be a function of the
 * request).
 *
 * @example
 * shapeAt(serviceContract(), '/api/client/v1/widgets'); // 'compact'
 */
export function shapeAt(contract: ErrorContract, path: string): Shape {
  return shapeFor(settingsOf(contract), { method: 'GET', path, headers: { accept: 'application/json' } });
}

/**
 * The contract's `typeBaseUrl`; undefined when it has none (`type` is `about:blank`).
 *
 * @example
 * typeBaseOf(createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/' })); // 'https://docs.example.com/errors/'
 */
export function typeBaseOf(contract: ErrorContract): string | undefined {
  return settingsOf(contract).typeBaseUrl;
}

/**
 * The contract's `accept` policy: `'strict'` refuses a missing Accept, `'json'` only an Accept
 * without JSON, `'any'` neither.
 *
 * @example
 * acceptPolicyOf(createErrorContract({ accept: 'strict' })); // 'strict'
 */
export function acceptPolicyOf(contract: ErrorContract): AcceptPolicy {
  return settingsOf(contract).accept;
}
