// The plugin keeps Elysia's types: an app with it infers the same routes (what Eden's treaty client
// reads), decorators and store as the same app without it, whether it is used first or last.
import { Elysia, t } from 'elysia';
import { expectTypeOf, test } from 'vitest';
import { errorContract } from '../src/index.js';

const bare = new Elysia()
  .decorate('clock', { now: () => 1 })
  .get('/widgets/:id', ({ params, clock }) => ({ id: params.id, at: clock.now() }))
  .post('/widgets', ({ body }) => ({ name: body.name }), { body: t.Object({ name: t.String() }) });

const first = new Elysia()
  .use(errorContract())
  .decorate('clock', { now: () => 1 })
  .get('/widgets/:id', ({ params, clock }) => ({ id: params.id, at: clock.now() }))
  .post('/widgets', ({ body }) => ({ name: body.name }), { body: t.Object({ name: t.String() }) });

const last = new Elysia()
  .decorate('clock', { now: () => 1 })
  .get('/widgets/:id', ({ params, clock }) => ({ id: params.id, at: clock.now() }))
  .post('/widgets', ({ body }) => ({ name: body.name }), { body: t.Object({ name: t.String() }) })
  .use(errorContract());

test('the routes Eden reads are those of the app without the plugin', () => {
  expectTypeOf<(typeof first)['~Routes']>().toEqualTypeOf<(typeof bare)['~Routes']>();
  expectTypeOf<(typeof last)['~Routes']>().toEqualTypeOf<(typeof bare)['~Routes']>();
});

test('decorators and the store are unchanged', () => {
  expectTypeOf<(typeof first)['~Singleton']>().toEqualTypeOf<(typeof bare)['~Singleton']>();
  expectTypeOf<(typeof last)['~Singleton']>().toEqualTypeOf<(typeof bare)['~Singleton']>();
});

test('the contract is there for errors.contract.error(code)', () => {
  expectTypeOf(errorContract().contract.respond).toBeFunction();
});
