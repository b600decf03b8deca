// What Elysia compiles for a plain route of an app with the contract: Elysia reads each hook's
// source text (as the runtime prints it: Bun prints its transpiler's output) to decide what the
// route must prepare on every request (copy the headers, parse the cookies and the query). The
// contract's hooks read none of these, and must not make every route prepare them. Run on Node by
// plugin.test.ts and on Bun by compiled-route.bun.ts.
import { Elysia } from 'elysia';
import { errorContract } from '../src/index.js';

/** The compiled handler of `GET /widgets` with the contract in strict mode. */
export function compiledRoute(): string {
  const app = new Elysia().use(errorContract({ accept: 'strict', logger: false })).get('/widgets', () => [{ id: 1 }]);
  const handle = (app.routes[0] as unknown as { compile(): (...args: unknown[]) => unknown }).compile();
  return handle.toString();
}
