import { describe, expectTypeOf, it } from 'vitest';
import { expect } from 'vitest';
import type { ConformanceResult, ProblemExpectation } from '../src/index.js';
import '../src/vitest.js';

describe('the matchers on vitest expect', () => {
  it('are async for a fetch Response or a promise, sync for a plain response', () => {
    const plain = { status: 404, headers: {}, text: '' };
    expectTypeOf(expect(plain).toBeErrorContract()).toEqualTypeOf<void>();
    expectTypeOf(expect(new Response('')).toBeProblem({ status: 404 })).toEqualTypeOf<Promise<void>>();
    expectTypeOf(expect(Promise.resolve(new Response(''))).toBeErrorContract()).toEqualTypeOf<Promise<void>>();
  });

  it('toBeProblem takes a ProblemExpectation', () => {
    expectTypeOf(expect({}).toBeProblem).parameter(0).toEqualTypeOf<ProblemExpectation>();
    // @ts-expect-error the shape is one of two
    expect({}).toBeProblem({ shape: 'html' });
  });

  it('a result names its case and its problems', () => {
    expectTypeOf<ConformanceResult['problems']>().toEqualTypeOf<string[]>();
    expectTypeOf<ConformanceResult['shape']>().toEqualTypeOf<'detailed' | 'compact' | 'not-contract' | undefined>();
  });
});
