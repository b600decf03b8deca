import { createErrorContract, type ErrorContractOptions, type RequestLike } from '../src/index.js';

/** A request as an adapter would build it. */
export function request(overrides: Partial<RequestLike> = {}): RequestLike {
  return { method: 'GET', path: '/widgets/7', headers: { accept: 'application/json' }, ...overrides };
}

/** Responds to `error` with a quiet contract and parses the body, so tests compare plain data. */
export function answer(error: unknown, options: ErrorContractOptions = {}, req: RequestLike = request()) {
  const contract = createErrorContract({ onError: () => {}, ...options });
  const response = contract.respond(error, req);
  return {
    status: response.status,
    headers: response.headers,
    body: response.body === null ? null : (JSON.parse(response.body) as Record<string, any>),
    raw: response.body,
  };
}
