// Whatever core renders, in either shape, the client reads back to the same status, code, text
// and field problems. (Tests may use core; the package itself never imports it.)
import { createErrorContract, forbidden, methodNotAllowed, notFound, tooManyRequests, validationFailed } from '@error-contract/core';
import { describe, expect, it } from 'vitest';
import { parseErrorBody, retryAfterSeconds } from '../src/index.js';

const thrown: Array<[string, unknown]> = [
  ['notFound', notFound('No widget has the id "9".')],
  ['forbidden', forbidden('Readers cannot write.')],
  ['methodNotAllowed', methodNotAllowed(['GET'])],
  ['tooManyRequests', tooManyRequests({ retryAfter: 12 })],
  ['validationFailed', validationFailed([{ field: 'name', detail: 'Required' }, { field: 'items[0].price', detail: 'must be >= 0' }])],
  ['a bug', new Error('db-7 password=hunter2')],
];

describe.each(['detailed', 'compact'] as const)('core %s -> client', (shape) => {
  const contract = createErrorContract({ shape, typeBaseUrl: 'https://docs.example.com/errors/', onError: () => {} });
  const request = { method: 'GET', path: '/api/widgets/9', headers: { accept: 'application/json' } };

  it.each(thrown)('%s', (_name, error) => {
    const problem = contract.normalize(error, request);
    const response = contract.render(problem, request);
    const read = parseErrorBody(response.status, response.body, response.headers);
    expect(read.status).toBe(problem.status);
    expect(read.code).toBe(problem.code);
    expect(read.shape).toBe(shape);
    if (problem.fieldErrors.length === 0) expect(read.message).toBe(problem.detail);
    if (shape === 'detailed') {
      expect(read).toMatchObject({ title: problem.title, type: problem.type, instance: problem.instance, fieldErrors: problem.fieldErrors });
    } else {
      expect(read.problems).toHaveLength(Math.max(1, problem.fieldErrors.length));
    }
    if (problem.status === 429) expect(retryAfterSeconds(read)).toBe(12);
  });
});
