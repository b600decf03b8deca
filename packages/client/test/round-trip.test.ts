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

describe('core compact validation failures -> client field errors', () => {
  const contract = createErrorContract({ shape: 'compact', onError: () => {} });
  const request = { method: 'POST', path: '/api/client/v1/widgets', headers: { accept: 'application/json' } };
  const render = (error: unknown) => {
    const response = contract.render(contract.normalize(error, request), request);
    return parseErrorBody(response.status, response.body, response.headers);
  };

  it('reads every `field: detail` message core writes back into { field, pointer, detail }', () => {
    const fieldErrors = [
      { field: 'name', detail: 'must be a string' },
      { field: 'items[0].price', detail: 'must be >= 0' },
      { field: 'meta["x.y"]', detail: 'must be 1 to 50 characters' },
      { field: 'tags[2]', detail: 'Invalid enum value. Expected "red" | "blue", received "green"' },
    ];
    const read = render(validationFailed(fieldErrors));
    expect(read.dialect).toBe('compact');
    expect(read.code).toBe('validation_failed');
    expect(read.fieldErrors).toEqual([
      { field: 'name', pointer: '/name', detail: 'must be a string' },
      { field: 'items[0].price', pointer: '/items/0/price', detail: 'must be >= 0' },
      { field: 'meta["x.y"]', pointer: '/meta/x.y', detail: 'must be 1 to 50 characters' },
      { field: 'tags[2]', pointer: '/tags/2', detail: 'Invalid enum value. Expected "red" | "blue", received "green"' },
    ]);
    // and the compact problems are what core sent, untouched
    expect(read.problems.map((problem) => problem.message)).toEqual(fieldErrors.map(({ field, detail }) => `${field}: ${detail}`));
  });

  it('a message core wrote without its field (the detail already names it) stays a problem, not a field', () => {
    const read = render(validationFailed([{ field: 'name', detail: 'name is required' }, { field: '', detail: 'Expected an object' }]));
    expect(read.problems.map((problem) => problem.message)).toEqual(['name is required', 'Expected an object']);
    expect(read.fieldErrors).toEqual([]);
  });

  it('the detailed shape of the same failure gives the same field errors', () => {
    const detailed = createErrorContract({ shape: 'detailed', onError: () => {} });
    const problem = detailed.normalize(validationFailed([{ field: 'items[0].price', detail: 'must be >= 0' }]), request);
    const response = detailed.render(problem, request);
    expect(parseErrorBody(response.status, response.body, response.headers).fieldErrors).toEqual([{ field: 'items[0].price', pointer: '/items/0/price', detail: 'must be >= 0' }]);
  });
});
