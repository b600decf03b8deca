// `@error-contract/testing/vitest`: registers the matchers, types them on vitest's `expect`, and
// offers the conformance table as a suite. The only module of the kit that imports vitest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConformanceRoutes, conformanceCases } from './cases.js';
import { type ErrorContractMatchers, errorContractMatchers, type MatcherReturn } from './matchers.js';
import { runCase } from './run.js';
import type { ConformanceTarget } from './transport.js';

// the types describeConformance's options name, so that a test importing only this entry can name them
export type { ConformanceRoutes, ConformanceTarget };

expect.extend(errorContractMatchers);

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- vitest's own declaration has `T = any`
  interface Matchers<T = any> extends ErrorContractMatchers<MatcherReturn<T>> {}
}

/**
 * A server the suite starts before its cases and stops after them.
 *
 * @example
 * const start = async (): Promise<StartedServer> => startService({ port: 0, host: '127.0.0.1' });
 */
export interface StartedServer {
  url: string;
  close(): Promise<void> | void;
}

/**
 * What {@link describeConformance} takes: the routes, and a target or a way to start one.
 *
 * @example
 * const options: DescribeConformanceOptions = { target: { baseUrl: 'http://127.0.0.1:3000' }, routes: { existing: '/api/widgets' } };
 */
export interface DescribeConformanceOptions {
  routes: ConformanceRoutes;
  /** The target, or a function that gives it when the cases run (after your own `beforeAll`). */
  target?: ConformanceTarget | (() => ConformanceTarget | Promise<ConformanceTarget>);
  /** Starts the server before the cases and closes it after; the cases go to its `url`. */
  start?: () => Promise<StartedServer>;
}

/**
 * Declares one vitest test per checked conformance case. Call it at the top level of a test file.
 *
 * @example
 * import { describeConformance } from '@error-contract/testing/vitest';
 * import { app } from '../src/app.js';
 *
 * describeConformance('widgets API', {
 *   target: { fetch: app.request },
 *   routes: { existing: '/api/widgets', wrongMethod: { path: '/api/widgets', method: 'PUT' }, strictAccept: true },
 * });
 */
export function describeConformance(name: string, options: DescribeConformanceOptions): void {
  const { routes, start } = options;
  if (start === undefined && options.target === undefined) throw new TypeError('describeConformance: give a `target` or a `start` function');
  const cases = conformanceCases(routes).filter((kase) => kase.checked);
  describe(name, () => {
    let server: StartedServer | undefined;
    if (start !== undefined) {
      beforeAll(async () => {
        server = await start();
      });
      afterAll(async () => {
        await server?.close();
      });
    }
    const targetNow = async (): Promise<ConformanceTarget> =>
      server !== undefined ? { baseUrl: server.url } : typeof options.target === 'function' ? options.target() : options.target!;

    for (const kase of cases) {
      it(kase.name, async () => {
        const result = await runCase(await targetNow(), kase);
        expect(result.problems, `${kase.request.method} ${kase.request.path}`).toEqual([]);
      });
    }
  });
}
