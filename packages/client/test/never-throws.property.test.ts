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

// Bodies shaped like each dialect, every member of any type, and the headers that are read.
const any = fc.anything({ withNullPrototype: true });
const item = fc.record(
  { code: any, message: any, detail: any, title: any, field: any, name: any, reason: any, description: any, param: any, pointer: any, source: any, extensions: any, status: any },
  { requiredKeys: [] },
);
const dialectBody = fc.oneof(
  fc.record({ error: fc.oneof(any, fc.record({ type: any, code: any, message: any, status: any, param: any, details: fc.oneof(any, fc.array(fc.record({ fieldViolations: fc.oneof(any, fc.array(item)) }))) }, { requiredKeys: [] })) }),
  fc.record({ message: any, documentation_url: any, errors: fc.oneof(any, fc.array(item)), status: any }, { requiredKeys: ['documentation_url'] }),
  fc.record({ title: any, errors: fc.oneof(fc.dictionary(fc.string(), any), fc.array(item)), violations: fc.oneof(any, fc.array(item)), 'invalid-params': fc.oneof(any, fc.array(item)), traceId: any }, { requiredKeys: [] }),
  fc.record({ errors: fc.array(fc.oneof(item, fc.record({ message: any, locations: any, path: any, extensions: fc.record({ code: any }) }))), data: any }, { requiredKeys: ['errors'] }),
  fc.record({ errors: fc.array(fc.record({ code: fc.string(), message: fc.tuple(fc.string(), fc.string()).map(([name, text]) => `${name}: ${text}`) })) }),
  fc.string().map((text) => `<!doctype html><html><head><title>${text}</title></head><body><h1>${text}</h1></body></html>`),
  fc.string().map((text) => `<${text}`),
);
const headers = fc.dictionary(fc.constantFrom('retry-after', 'traceparent', 'x-request-id', 'request-id', 'content-type', 'bad header'), fc.string());

describe('parseErrorBody', () => {
  it('never throws on a body of any dialect with members of any type, or on any of the headers it reads', () => {
    fc.assert(
      fc.property(status, dialectBody, headers, (httpStatus, value, bag) => {
        for (const input of [value, JSON.stringify(value) ?? '']) {
          const error = parseErrorBody(httpStatus, input, bag);
          expect(error.status).toBe(httpStatus);
          expect(typeof error.code).toBe('string');
          expect(error.code.length).toBeGreaterThan(0);
          expect(typeof error.message).toBe('string');
          expect(error.message.length).toBeLessThanOrEqual(typeof value === 'string' ? 200 : Infinity);
          expect(error.problems.length).toBeGreaterThan(0);
          for (const fieldError of error.fieldErrors) expect(typeof fieldError.field).toBe('string');
          expect(['undefined', 'number']).toContain(typeof error.retryAfter);
        }
      }),
      { numRuns: 2000 },
    );
  });

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
