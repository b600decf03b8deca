import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isApiError, parseErrorBody } from '../src/index.js';

const status = fc.integer({ min: 400, max: 599 });
const body = fc.oneof(
  fc.anything({ withBigInt: true, withMap: true, withSet: true, withNullPrototype: true, withTypedArray: true }),
  fc.json(),
  fc.string(),
  fc.record({ type: fc.anything(), title: fc.anything(), status: fc.anything(), detail: fc.anything(), code: fc.anything(), errors: fc.anything() }),
  fc.record({ errors: fc.array(fc.record({ code: fc.anything(), message: fc.anything(), field: fc.anything(), detail: fc.anything() })) }),
);

describe('parseErrorBody', () => {
  it('never throws, always keeps the HTTP status, always has a code and a message', () => {
    fc.assert(
      fc.property(status, body, (httpStatus, value) => {
        const error = parseErrorBody(httpStatus, value);
        expect(isApiError(error)).toBe(true);
        expect(error.status).toBe(httpStatus);
        expect(typeof error.code).toBe('string');
        expect(error.code.length).toBeGreaterThan(0);
        expect(typeof error.message).toBe('string');
        expect(error.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 3000 },
    );
  });
});
