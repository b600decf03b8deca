// What Elysia compiles for a plain route of an app with the contract: Elysia reads each hook's
// source text (as the runtime prints it: Bun prints its transpiler's output) to decide whether
// the route's handler must be async and what it must prepare (headers, cookies, query). The
// contract's hooks must cost the happy path neither. Run on Node by plugin.test.ts and on Bun by
// compiled-route.bun.ts.
import { Elysia } from 'elysia';
import { errorContract } from '../src/index.js';

/** The compiled handler of `GET /widgets` with the contract in strict mode. */
export function compiledRoute(): { async: boolean; source: string } {
  const app = new Elysia().use(errorContract({ accept: 'strict', logger: false })).get('/widgets', () => [{ id: 1 }]);
  const handle = (app.routes[0] as unknown as { compile(): (...args: unknown[]) => unknown }).compile();
  return { async: handle.constructor.name === 'AsyncFunction', source: handle.toString() };
}
