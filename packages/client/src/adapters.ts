// ky, ofetch and axios throw their own error objects for a failed response, all with a
// `response` member. One structural reader serves the three: no import of the libraries (the
// client keeps no dependency), and any version whose errors have these members works. Not an HTTP
// error (a network failure, a timeout, an abort, a bug): undefined, so the caller rethrows what it
// caught.
// The main entry, imported (not bundled) by the built adapters: see tsup.config.ts.
import { ApiError, parseErrorBody } from './index.js';

/**
 * What ky's `HTTPError` has that is read: the failed `Response`, its body not yet read.
 *
 * @example
 * const error: KyHttpErrorLike = { response: new Response('', { status: 503 }) };
 */
export interface KyHttpErrorLike {
  response: Response;
}

/**
 * What ofetch's `FetchError` has that is read: the response, and the body ofetch already parsed (`data`).
 *
 * @example
 * const error: OfetchErrorLike = { data: { title: 'Gone' }, response: { status: 410, headers: new Headers() } };
 */
export interface OfetchErrorLike {
  data?: unknown;
  response?: { status: number; headers: Headers; _data?: unknown };
}

/**
 * What an `AxiosError` has that is read: `response`, its headers a plain object or `AxiosHeaders`.
 *
 * @example
 * const error: AxiosErrorLike = { response: { status: 404, headers: { 'x-request-id': 'r1' }, data: { message: 'Not Found' } } };
 */
export interface AxiosErrorLike {
  response?: { status: number; headers?: unknown; data?: unknown };
}

async function fromLibraryError<C extends string>(error: unknown): Promise<ApiError<C> | undefined> {
  try {
    const response = (error as { response?: Record<string, unknown> }).response;
    if (typeof response?.status !== 'number') return undefined;
    // ofetch parsed the body into `data` (and `_data`), axios into `data`; ky left it unread.
    const data = (error as { data?: unknown }).data ?? response._data ?? response.data;
    if (data === undefined && typeof response.text === 'function') return await ApiError.fromResponse<C>(response as unknown as Response);
    // Headers, a plain record, or AxiosHeaders (iterable as [name, value] pairs): all a HeadersInit.
    return parseErrorBody<C>(response.status, data ?? '', response.headers as HeadersInit);
  } catch {
    return undefined;
  }
}

/**
 * Reads ky's `HTTPError` (its `response`'s body) into an {@link ApiError}; undefined for any
 * other error (a network failure, a `TimeoutError`).
 *
 * @example
 * try {
 *   await ky.get('https://api.example.com/widgets/9').json();
 * } catch (caught) {
 *   throw (await fromKyError(caught)) ?? caught;
 * }
 */
export const fromKyError: <C extends string = string>(error: KyHttpErrorLike | unknown) => Promise<ApiError<C> | undefined> = fromLibraryError;

/**
 * Reads ofetch's `FetchError` (the body it already parsed) into an {@link ApiError}; undefined
 * for any other error.
 *
 * @example
 * try {
 *   await ofetch('https://api.example.com/widgets/9');
 * } catch (caught) {
 *   throw (await fromOfetchError(caught)) ?? caught;
 * }
 */
export const fromOfetchError: <C extends string = string>(error: OfetchErrorLike | unknown) => Promise<ApiError<C> | undefined> = fromLibraryError;

/**
 * Reads an `AxiosError` (its `response`: status, headers, parsed `data`) into an
 * {@link ApiError}; undefined for any other error (no response: a network failure, a timeout).
 *
 * @example
 * try {
 *   await axios.get('https://api.example.com/widgets/9');
 * } catch (caught) {
 *   throw (await fromAxiosError(caught)) ?? caught;
 * }
 */
export const fromAxiosError: <C extends string = string>(error: AxiosErrorLike | unknown) => Promise<ApiError<C> | undefined> = fromLibraryError;
