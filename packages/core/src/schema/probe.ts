// The contract keeps its options to itself (only the catalog is public), so what the documents
// need from them is read back from what the contract does, through its public functions.
import type { ErrorContract } from '../contract.js';
import type { AcceptPolicy } from '../options.js';
import type { RequestLike, Shape } from '../types.js';

const PROBE_CODE = 'not_found';

function probeRequest(path: string, headers: RequestLike['headers'] = { accept: 'application/json' }): RequestLike {
  return { method: 'GET', path, headers };
}

/**
 * The body shape the contract answers a path with (its `shape` option may be a function of the
 * request).
 *
 * @example
 * shapeAt(serviceContract(), '/api/client/v1/widgets'); // 'compact'
 */
export function shapeAt(contract: ErrorContract, path: string): Shape {
  const request = probeRequest(path);
  const { body } = contract.render(contract.normalize(contract.error(PROBE_CODE), request), request);
  const parsed = JSON.parse(body ?? '{}') as Record<string, unknown>;
  return 'type' in parsed ? 'detailed' : 'compact';
}

/**
 * The contract's `typeBaseUrl`, as its detailed bodies show it; undefined when `type` is
 * `about:blank` or no detailed body could be seen at `path`.
 *
 * @example
 * typeBaseOf(createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/' })); // 'https://docs.example.com/errors/'
 */
export function typeBaseOf(contract: ErrorContract, path = '/'): string | undefined {
  const request = probeRequest(path);
  const { body } = contract.render(contract.normalize(contract.error(PROBE_CODE), request), request);
  const type = (JSON.parse(body ?? '{}') as { type?: unknown }).type;
  return typeof type === 'string' && type.endsWith(PROBE_CODE) ? type.slice(0, -PROBE_CODE.length) : undefined;
}

/**
 * The contract's `accept` policy, from what `checkRequest` refuses at `path`: `'strict'` refuses a
 * missing Accept, `'json'` only an Accept without JSON, `'any'` neither.
 *
 * @example
 * acceptPolicyOf(createErrorContract({ accept: 'strict' })); // 'strict'
 */
export function acceptPolicyOf(contract: ErrorContract, path = '/'): AcceptPolicy {
  if (contract.checkRequest(probeRequest(path, {}))?.status === 406) return 'strict';
  if (contract.checkRequest(probeRequest(path, { accept: 'text/html' }))?.status === 406) return 'json';
  return 'any';
}
