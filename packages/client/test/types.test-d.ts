import { describe, expectTypeOf, it } from 'vitest';
import { ApiError, type CatalogCodes, parseErrorBody } from '../src/index.js';

describe('typed codes', () => {
  it("a catalog's codes make error.code a union", async () => {
    const catalog = { widget_locked: { status: 409 }, quota_exceeded: { status: 429 } } as const;
    type Code = CatalogCodes<typeof catalog> | 'not_found';
    const error = await ApiError.fromResponse<Code>(new Response('', { status: 404 }));
    expectTypeOf(error.code).toEqualTypeOf<'widget_locked' | 'quota_exceeded' | 'not_found'>();
    expectTypeOf(parseErrorBody<Code>(409, {}).code).toEqualTypeOf<Code>();
  });

  it('without one, code is a string', () => {
    expectTypeOf(parseErrorBody(404, {}).code).toEqualTypeOf<string>();
    expectTypeOf(parseErrorBody(404, {}).fieldErrors).toEqualTypeOf<{ field: string; detail: string }[]>();
  });
});
