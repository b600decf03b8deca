// The two bodies the contract answers with (rendering/render.ts), as types whose `code` is
// narrowed to the codes a route declares: what a framework's typed client (Hono's `hc`, Elysia's
// Eden) reads a declared error as, through the adapters' `errorResponses`. Types only.

/**
 * The detailed body (RFC 9457 problem details with the contract's `code`), its `code` one of
 * `Code`. Other members are the contract's extensions (`requestId`, a trace id), typed `unknown`.
 *
 * @example
 * const body: DetailedErrorBody<'not_found'> = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No widget 7.', instance: '/widgets/7', code: 'not_found' };
 */
export interface DetailedErrorBody<Code extends string = string> {
  /** Where the code is documented (`about:blank` without a type base URL). */
  type: string;
  /** A short summary of the code; the same for every occurrence. */
  title: string;
  /** The HTTP status of the response. */
  status: number;
  /** What went wrong with this request, meant for the client. */
  detail: string;
  /** The path that was called, without its query. */
  instance: string;
  /** The machine-readable code: one the route declares for this status. */
  code: Code;
  /** One element per offending field; present only when fields are wrong. */
  errors?: Array<{ field: string; pointer?: string; detail: string }>;
  [member: string]: unknown;
}

/**
 * The compact body: one element per problem, each `code` one of `Code`.
 *
 * @example
 * const body: CompactErrorBody<'not_found'> = { errors: [{ code: 'not_found', message: 'No widget 7.' }] };
 */
export interface CompactErrorBody<Code extends string = string> {
  /** One element per problem (one per offending field), each with its code and message. */
  errors: Array<{ code: Code; message: string }>;
  [member: string]: unknown;
}
