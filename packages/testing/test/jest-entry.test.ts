import { afterEach, describe, expect, it, vi } from 'vitest';

// a fresh import (resetModules) makes a fresh matchers object: compare what it holds
const MATCHERS = { toBeErrorContract: expect.any(Function), toBeDeclaredFor: expect.any(Function), toBeProblem: expect.any(Function) };

describe('@error-contract/testing/jest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("registers the matchers on the global expect at import (jest's setupFilesAfterEnv)", async () => {
    const extend = vi.fn();
    vi.stubGlobal('expect', { extend });
    await import('../src/jest.js');
    expect(extend).toHaveBeenCalledWith(MATCHERS);
  });

  it('registerMatchers(expect) for an expect that is not global, and a clear error without one', async () => {
    vi.stubGlobal('expect', undefined);
    const { registerMatchers } = await import('../src/jest.js');
    const extend = vi.fn();
    registerMatchers({ extend });
    expect(extend).toHaveBeenCalledWith(MATCHERS);
    expect(() => registerMatchers()).toThrow('@error-contract/testing/jest: no global `expect`');
  });
});
