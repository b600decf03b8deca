import { describe, expectTypeOf, it } from 'vitest';
import { type AxiosErrorLike, fromAxiosError, fromKyError, fromOfetchError } from '../src/adapters.js';
import { ApiError, type CatalogCodes, createFetch, type Dialect, isApiError, parseErrorBody } from '../src/index.js';

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
    // `pointer` (RFC 6901) was added beside `field`; undefined for a query parameter or a header.
    expectTypeOf(parseErrorBody(404, {}).fieldErrors).toEqualTypeOf<{ field: string; pointer?: string | undefined; detail: string }[]>();
  });

  it('error.is(code) narrows code to the catalog codes it names', () => {
    const catalog = { widget_locked: { status: 409 }, quota_exceeded: { status: 429 } } as const;
    type Code = CatalogCodes<typeof catalog> | 'not_found';
    const error = parseErrorBody<Code>(409, {});
    if (error.is('widget_locked')) expectTypeOf(error.code).toEqualTypeOf<'widget_locked'>();
    if (error.is('widget_locked', 'not_found')) expectTypeOf(error.code).toEqualTypeOf<'widget_locked' | 'not_found'>();
    // @ts-expect-error a code the catalog does not have
    error.is('no_such_code');
  });

  it('isApiError(value, code) narrows an unknown to an ApiError with that code', () => {
    const caught: unknown = parseErrorBody(404, {});
    if (isApiError(caught, 'not_found')) {
      expectTypeOf(caught).toEqualTypeOf<ApiError<'not_found'>>();
      expectTypeOf(caught.code).toEqualTypeOf<'not_found'>();
    }
    if (isApiError(caught)) expectTypeOf(caught.code).toEqualTypeOf<string>();
  });

  it('the new members have their types', () => {
    const error = parseErrorBody(429, '');
    expectTypeOf(error.dialect).toEqualTypeOf<Dialect>();
    expectTypeOf(error.retryAfter).toEqualTypeOf<number | undefined>();
    expectTypeOf(error.traceId).toEqualTypeOf<string | undefined>();
    expectTypeOf(createFetch()).returns.toEqualTypeOf<Promise<Response>>();
  });

  it('the adapters take what a catch gives and may find no HTTP error in it', async () => {
    const caught: unknown = new Error('x');
    expectTypeOf(await fromKyError(caught)).toEqualTypeOf<ApiError | undefined>();
    expectTypeOf(await fromOfetchError<'not_found'>(caught)).toEqualTypeOf<ApiError<'not_found'> | undefined>();
    const axiosLike: AxiosErrorLike = { response: { status: 404, headers: {}, data: '' } };
    expectTypeOf(await fromAxiosError(axiosLike)).toEqualTypeOf<ApiError | undefined>();
  });
});
