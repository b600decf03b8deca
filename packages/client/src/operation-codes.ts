// The codes one operation of an OpenAPI document can answer, read from the `paths` type that
// openapi-typescript generates: every error status's body, its `code` (the detailed shape) or
// its errors' codes (the compact one). Types only: nothing of it is in the bundle.

/** Whether a response key is an error's: `404`, `'4XX'`, `'default'`. */
type IsErrorStatus<S> = S extends number ? (`${S}` extends `4${string}` | `5${string}` ? true : false) : S extends `4${string}` | `5${string}` | 'default' ? true : false;

/** The bodies a response object declares, whatever the media type. */
type BodiesOf<R> = R extends { content: infer C } ? C[keyof C] : never;

/** The code a body carries: its `code`, or its `errors` elements' `code`. */
type CodeOfBody<B> = B extends { code: infer K } ? Extract<K, string> : B extends { errors: readonly unknown[] } ? Extract<NonNullable<B['errors'][number]> extends { code: infer K } ? K : never, string> : never;

/**
 * The codes an operation answers, from openapi-typescript's `paths`: the union of every error
 * status's `code`, as the document pins it. With `ApiError.fromResponse<Code>()` and
 * `isApiError(error, ...codes)`, a `switch (error.code)` is checked against the document.
 *
 * @example
 * import { ApiError, type OperationErrorCode } from '@error-contract/client';
 * import type { paths } from './api-types'; // npx openapi-typescript openapi.json -o api-types.ts
 *
 * type GetWidgetCode = OperationErrorCode<paths, '/api/client/v2/widgets/{id}', 'get'>;
 * const response = await fetch('/api/client/v2/widgets/7', { headers: { accept: 'application/json' } });
 * if (!response.ok) {
 *   const error = await ApiError.fromResponse<GetWidgetCode>(response);
 *   if (error.code === 'not_found') console.log('no such widget');
 * }
 */
export type OperationErrorCode<Paths, Path extends keyof Paths, Method extends keyof Paths[Path]> = Paths[Path][Method] extends { responses: infer R }
  ? { [S in keyof R]: IsErrorStatus<S> extends true ? CodeOfBody<BodiesOf<R[S]>> : never }[keyof R]
  : never;
