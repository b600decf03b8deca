// The declared error responses of @error-contract/hono/zod-openapi feed Hono's `hc` client: after
// `res.status === 404`, the body's `code` is the code declared for 404, and no other.
import { createErrorContract, forbidden, notFound } from '@error-contract/core';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { hc } from 'hono/client';
import type { JSONParsed } from 'hono/utils/types';
import { describe, expectTypeOf, it } from 'vitest';
import { errorResponses as plainErrorResponses, type HonoErrorResponse } from '../src/index.js';
import { type CompactErrorsBody, type DetailedProblemBody, errorResponses } from '../src/zod-openapi.js';

const contract = createErrorContract();
const Widget = z.object({ id: z.string(), name: z.string() });
const params = z.object({ id: z.string() });

const app = new OpenAPIHono()
  .openapi(
    createRoute({
      method: 'get',
      path: '/widgets/{id}',
      request: { params },
      responses: { 200: { description: 'The widget', content: { 'application/json': { schema: Widget } } }, ...errorResponses(contract, { 404: ['not_found'] }) },
    }),
    (c) => {
      if (c.req.valid('param').id !== '7') throw notFound('No such widget.');
      return c.json({ id: '7', name: 'bolt' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/widgets/{id}',
      request: { params },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(contract, { 403: ['forbidden'], 404: ['not_found'] }, { shape: 'compact' }) },
    }),
    () => {
      throw forbidden('Only writers delete widgets.');
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/v1/widgets/{id}',
      request: { params },
      responses: { 200: { description: 'The widget', content: { 'application/json': { schema: Widget } } }, ...errorResponses(contract, { 404: ['not_found'] }, { path: '/v1/widgets/{id}' }) },
    }),
    (c) => c.json({ id: c.req.valid('param').id, name: 'bolt' }, 200),
  );

const client = hc<typeof app>('http://localhost');

describe('errorResponses of @error-contract/hono/zod-openapi, read through hc', () => {
  it("res.status === 404: the body is the detailed problem, its code the route's declared one", async () => {
    const res = await client.widgets[':id'].$get({ param: { id: '8' } });
    if (res.status === 404) {
      const body = await res.json();
      expectTypeOf(body.code).toEqualTypeOf<'not_found'>();
      expectTypeOf(body.status).toEqualTypeOf<number>();
      // @ts-expect-error a code the route does not declare for 404
      const other: typeof body.code = 'forbidden';
      void other;
    }
    if (res.status === 200) expectTypeOf((await res.json()).name).toEqualTypeOf<string>();
  });

  it('with shape: compact, each status has its codes in errors[].code', async () => {
    const res = await client.widgets[':id'].$delete({ param: { id: '8' } });
    if (res.status === 403) expectTypeOf((await res.json()).errors[0]!.code).toEqualTypeOf<'forbidden'>();
    if (res.status === 404) expectTypeOf((await res.json()).errors[0]!.code).toEqualTypeOf<'not_found'>();
    // @ts-expect-error 409 is no status the route declares
    if (res.status === 409) void 0;
  });

  it('with a path alone, the shape is the contract\'s at run time: either body, each with the declared code', async () => {
    const res = await client.v1.widgets[':id'].$get({ param: { id: '8' } });
    if (res.status === 404) {
      const body = await res.json();
      expectTypeOf(body).toEqualTypeOf<JSONParsed<DetailedProblemBody<'not_found'>> | JSONParsed<CompactErrorsBody<'not_found'>>>();
      if (!('code' in body)) expectTypeOf(body.errors[0]!.code).toEqualTypeOf<'not_found'>();
    }
  });
});

describe('the types of both entries', () => {
  it('keys are the statuses as numeric literals', () => {
    expectTypeOf(plainErrorResponses(contract, { 403: ['forbidden'], 404: ['not_found'] })).toEqualTypeOf<{ 403: HonoErrorResponse; 404: HonoErrorResponse }>();
    expectTypeOf(errorResponses(contract, { 404: ['not_found'] })[404].content['application/json'].schema.parse).returns.toEqualTypeOf<DetailedProblemBody<'not_found'>>();
    expectTypeOf(errorResponses(contract, { 404: ['not_found'] }, { shape: 'compact' })[404].content).toEqualTypeOf<{ 'application/json': { schema: z.ZodType<CompactErrorsBody<'not_found'>> } }>();
  });
});
