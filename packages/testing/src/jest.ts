// `@error-contract/testing/jest`: registers the matchers on jest's global `expect` (list it in
// `setupFilesAfterEnv`) and types them for @types/jest. Jest itself is never imported.
import { type ErrorContractMatchers, errorContractMatchers, type MatcherReturn } from './matchers.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- @types/jest declares its matchers in this namespace
  namespace jest {
    // The parameters must match @types/jest's. `.resolves`/`.rejects` chains (R a Promise) keep
    // theirs; otherwise the received type decides, as on vitest, whose JestAssertion extends this
    // same interface (so both declarations must agree).
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Matchers<R, T = {}> extends ErrorContractMatchers<[R] extends [Promise<void>] ? R : MatcherReturn<T>> {}
  }
}

type Extendable = { extend(matchers: Record<string, unknown>): void };

/**
 * Registers the matchers on a jest `expect`; the global one when none is given. Importing this
 * module does it once, at import.
 *
 * @example
 * // jest.config.js: setupFilesAfterEnv: ['@error-contract/testing/jest']
 * // or, with @jest/globals:
 * import { expect } from '@jest/globals';
 * import { registerMatchers } from '@error-contract/testing/jest';
 * registerMatchers(expect);
 */
export function registerMatchers(expect: Extendable | undefined = (globalThis as { expect?: Extendable }).expect): void {
  if (typeof expect?.extend !== 'function') {
    throw new TypeError('@error-contract/testing/jest: no global `expect`; load it from setupFilesAfterEnv, or call registerMatchers(expect)');
  }
  expect.extend(errorContractMatchers);
}

// Under jest with injectGlobals off there is no global expect: then registerMatchers(expect) is the way.
if (typeof (globalThis as { expect?: Extendable }).expect?.extend === 'function') registerMatchers();
