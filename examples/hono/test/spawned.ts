// Whether a runtime's tests can run here; the starting itself is src/runtimes.ts.
import { describe, expect, it } from 'vitest';
import { type Runtime, runtimeMissing } from '../src/runtimes.js';

export { EXAMPLE, startCommand, startOn } from '../src/runtimes.js';

/**
 * Whether `runtime` is installed here. When it is not: in CI (CI=true) a failing test says so, since
 * the devDependency must have brought it; elsewhere one skipped test names what is missing.
 */
export function runtimeInstalled(runtime: Runtime): boolean {
  const why = runtimeMissing(runtime);
  if (why === undefined) return true;
  describe(`hono on ${runtime}`, () => {
    if (process.env.CI) it('finds the runtime', () => expect.fail(why));
    // outside CI: one skipped test that says why, counted in the totals
    else it.skipIf(true)(`is not installed here: ${why}`, () => {});
  });
  return false;
}
