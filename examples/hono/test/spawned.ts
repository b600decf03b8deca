// Whether a runtime's tests can run here; the starting itself is src/runtimes.ts.
import { describe, expect, it } from 'vitest';
import { type Runtime, runtimeMissing } from '../src/runtimes.js';

export { EXAMPLE, startCommand, startOn } from '../src/runtimes.js';

/**
 * Whether `runtime` is installed here. When it is not: in CI (CI=true) a failing test says so, since
 * the devDependency must have brought it; elsewhere the runtime's tests are skipped with a notice.
 */
export function runtimeInstalled(runtime: Runtime): boolean {
  const why = runtimeMissing(runtime);
  if (why === undefined) return true;
  if (process.env.CI) {
    describe(`hono on ${runtime}`, () => {
      it('finds the runtime', () => {
        expect.fail(why);
      });
    });
  } else console.warn(`examples/hono: the ${runtime} tests are skipped: ${why}`);
  return false;
}
