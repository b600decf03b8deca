// The reference service's document, generated into types by openapi-typescript
// (reference-paths.ts), types each operation's error codes: openapi-fetch's `error.code` and
// ApiError's `code` are that operation's union, so a switch over them is checked against the
// document and a code the operation never answers is a type error.
import createClient from 'openapi-fetch';
import { describe, expectTypeOf, it } from 'vitest';
import { ApiError, isApiError, type OperationErrorCode } from '../../src/index.js';
import type { paths } from './reference-paths.js';

type GetWidget = OperationErrorCode<paths, '/api/client/v2/widgets/{id}', 'get'>;
type ListWidgets = OperationErrorCode<paths, '/api/client/v2/widgets', 'get'>;
type CreateWidget = OperationErrorCode<paths, '/api/client/v1/widgets', 'post'>;
// the codes every operation answers, as the Node services' document says
type Everywhere = 'bad_request' | 'unauthorized' | 'not_acceptable' | 'request_timeout' | 'expectation_failed' | 'too_many_requests' | 'request_header_fields_too_large' | 'internal_server_error';

describe('OperationErrorCode<paths, path, method>', () => {
  it("is the union of the operation's own codes", () => {
    expectTypeOf<GetWidget>().toEqualTypeOf<Everywhere | 'not_found'>();
    expectTypeOf<ListWidgets>().toEqualTypeOf<Everywhere>();
    // compact under v1: the errors' codes
    expectTypeOf<CreateWidget>().toEqualTypeOf<Everywhere | 'validation_failed' | 'forbidden' | 'payload_too_large' | 'unsupported_media_type'>();
  });

  it("types ApiError's code, and isApiError narrows it", async () => {
    const error = await ApiError.fromResponse<GetWidget>(new Response('{}', { status: 404 }));
    expectTypeOf(error.code).toEqualTypeOf<GetWidget>();
    if (isApiError(error, 'not_found')) expectTypeOf(error.code).toEqualTypeOf<'not_found'>();
    // @ts-expect-error: GET /widgets/{id} never answers conflict
    if (error.code === 'conflict') throw error;
  });
});

describe("openapi-fetch's error, as it is", () => {
  const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3000' });

  it("error.code on GET /widgets/{id} is that operation's union; a switch over it is exhaustive", async () => {
    const { error } = await client.GET('/api/client/v2/widgets/{id}', { params: { path: { id: '7' } } });
    if (error === undefined) return;
    expectTypeOf(error.code).toEqualTypeOf<GetWidget>();
    switch (error.code) {
      case 'not_found':
      case 'bad_request':
      case 'unauthorized':
      case 'not_acceptable':
      case 'request_timeout':
      case 'expectation_failed':
      case 'too_many_requests':
      case 'request_header_fields_too_large':
      case 'internal_server_error':
        break;
      default:
        expectTypeOf(error).toBeNever();
    }
    // @ts-expect-error: GET /widgets/{id} never answers conflict
    if (error.code === 'conflict') throw new Error('unreachable');
  });

  it("the compact shape's error.errors[number].code alike", async () => {
    const { error } = await client.POST('/api/client/v1/widgets', { body: { name: 'x' } });
    if (error === undefined) return;
    expectTypeOf(error.errors[0]!.code).toEqualTypeOf<CreateWidget>();
  });
});
