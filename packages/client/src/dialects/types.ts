import type { Json } from '../read.js';

/**
 * Which dialect a body was written in, as read from the body itself: RFC 7807/9457
 * `problem-details`, the contract's `compact` shape, ASP.NET Core's ValidationProblemDetails
 * (`aspnet`), `json-api`, `google` (AIP-193), `stripe`, `github`, `zalando` (problem with
 * `violations`), `graphql`, plain `text`, an `html` page; `unknown` for anything else.
 *
 * @example
 * const dialect: Dialect = parseErrorBody(404, { error: { code: 404, message: 'x', status: 'NOT_FOUND' } }).dialect; // 'google'
 */
export type Dialect =
  | 'problem-details'
  | 'compact'
  | 'aspnet'
  | 'json-api'
  | 'google'
  | 'stripe'
  | 'github'
  | 'zalando'
  | 'graphql'
  | 'text'
  | 'html'
  | 'unknown';

/**
 * What a dialect reader finds: the dialect; the object holding `detail`/`message`, `title`,
 * `type`, `instance`; the list of problems; and the top-level code (undefined: the first item's;
 * '': the status's). A tuple, not an object: the whole client must stay under 3 KB gzipped.
 */
export type Reading = [dialect: Dialect, root: Json, items: unknown[], code?: string | undefined];
