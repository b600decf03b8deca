// errorResponses keeps Eden's types exact: a route's error response is typed by status, `code` as
// the literal the route declares, in the shape the options name.
import { treaty } from '@elysiajs/eden';
import { createErrorContract, notFound } from '@error-contract/core';
import { Elysia, t } from 'elysia';
import { expectTypeOf, test } from 'vitest';
import { type CompactErrorBody, type DetailedErrorBody, errorContract, errorResponses } from '../src/index.js';

const contract = createErrorContract({ catalog: { widget_locked: { status: 409, title: 'Widget locked' } } });
const Widget = t.Object({ id: t.String(), name: t.String() });

const app = new Elysia()
  .use(errorContract(contract))
  .get('/widgets/:id', ({ params }) => {
    if (params.id !== '7') throw notFound(`No widget ${params.id}.`);
    return { id: '7', name: 'bolt' };
  }, { response: { 200: Widget, ...errorResponses(contract, { 404: ['not_found'] }) } })
  .delete('/widgets/:id', () => ({ id: '7', name: 'bolt' }), { response: { 200: Widget, ...errorResponses(contract, { 404: ['not_found'], 409: ['conflict', 'widget_locked'] }, { shape: 'compact' }) } });

const api = treaty<typeof app>('localhost');

test("Eden's error.value for 404 is the detailed body, its code the declared literal", async () => {
  const { data, error } = await api.widgets({ id: '7' }).get();
  expectTypeOf(data).toEqualTypeOf<{ id: string; name: string } | null>();
  if (error?.status === 404) {
    expectTypeOf(error.value).toEqualTypeOf<DetailedErrorBody<'not_found'>>();
    expectTypeOf(error.value.code).toEqualTypeOf<'not_found'>();
    // @ts-expect-error: the route declares no other code, so no other can be compared
    expectTypeOf(error.value.code === 'forbidden').toBeBoolean();
  }
});

test('a compact route types its errors elements, several codes as their union', async () => {
  const { error } = await api.widgets({ id: '7' }).delete();
  if (error?.status === 409) {
    expectTypeOf(error.value).toEqualTypeOf<CompactErrorBody<'conflict' | 'widget_locked'>>();
    expectTypeOf<(typeof error.value.errors)[number]['code']>().toEqualTypeOf<'conflict' | 'widget_locked'>();
  }
});

test('the codes are the contract\'s, autocompleted; the keys stay numbers', () => {
  const responses = errorResponses(contract, { 403: ['forbidden'], 409: ['widget_locked'] });
  expectTypeOf(responses).toHaveProperty(403);
  expectTypeOf(responses).toHaveProperty(409);
  expectTypeOf<keyof typeof responses>().toEqualTypeOf<403 | 409>();
});
