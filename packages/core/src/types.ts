/**
 * Request headers as the frameworks hand them over: Node's `IncomingHttpHeaders`
 * (lower-case keys, string or string[] values) or a Web `Headers`.
 */
export type HeaderBag =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | number | undefined>>;

/**
 * The part of a request the contract needs. Adapters build one per failed request.
 *
 * @example
 * const request: RequestLike = { method: 'GET', path: '/widgets/7', headers: { accept: 'application/json' } };
 */
export interface RequestLike {
  /** HTTP method as received, e.g. `GET`. */
  method: string;
  /** Path called, without the query string (a query is cut off if present). */
  path: string;
  headers: HeaderBag;
  /**
   * The framework's own logger for this request, where the contract's line goes when the contract
   * was made without a `logger` (instead of the console): Fastify's request log, when Fastify's
   * logger is on. A `logger` of the contract's own still wins, so a failure is logged once; an
   * `onError` without a `logger` does not silence it (it silences the console line only).
   */
  logger?: ErrorLogger;
  /**
   * The template of the route that matched, as the framework spells it (`/widgets/:id`), when one
   * did; absent for a route miss (404, 405) and the checks before routing. Core records it as
   * `http.route` on the `error_contract.responses` metric; it is never the path called.
   */
  route?: string;
  /**
   * The codes the matched route declares (its `x-error-codes`, or the codes its response schemas
   * pin), when the adapter knows them at run time (Fastify). Read only with the contract's
   * `checkDeclaredCodes` option: an answer with another code is reported, never changed.
   */
  declaredCodes?: readonly string[];
}

/**
 * One problem with one field of the request, e.g. `{ field: 'items[0].name', detail: 'Required' }`.
 */
export interface FieldError {
  /** Dotted path of the offending field (`items[0].name`). */
  field: string;
  /** What is wrong with it, for the client. */
  detail: string;
  /**
   * `false` when `field` names no member of the request (a database column no `fields` option
   * mapped): the detailed shape then sends no `pointer` (RFC 6901) for it. Default: the pointer of
   * `field`.
   */
  pointer?: false;
}

/**
 * The decision core makes about one failure: everything needed to render either shape.
 *
 * @example
 * const problem = contract.normalize(new Error('boom'), request);
 * problem.status; // 500
 * problem.code; // 'internal_server_error'
 */
export interface Problem {
  status: number;
  code: string;
  title: string;
  /** Text safe to send: the error's message only when exposed, else a generic sentence. */
  detail: string;
  type: string;
  /** The path called, without the query string. */
  instance: string;
  fieldErrors: FieldError[];
  /** Headers for the client (lower-case names), already checked against injection. */
  headers: Record<string, string>;
  /** Extra members of the body, such as a request id. */
  extensions: Record<string, unknown>;
  /** Whether the error's own message was allowed into `detail`. */
  exposed: boolean;
  /** The request's trace id, when the contract's `traceId` option is on. */
  traceId?: string;
  /** The language of title and detail, when the contract has `languages`. */
  language?: string;
}

/**
 * Plain data an adapter writes as it is: status, headers (lower-case names) and body.
 * `body` is `null` for `HEAD`.
 *
 * @example
 * const { status, headers, body } = contract.respond(err, request);
 * res.writeHead(status, headers).end(body ?? undefined);
 */
export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
  /**
   * For a 5xx from `respond`, the trace id the failure is known by (the body's, else the active
   * OpenTelemetry span's, else the request's `traceparent`'s), when there is one: for adapters to
   * hand to their framework's own error reporting (Koa's `'error'` event). Never sent.
   */
  traceId?: string;
  /**
   * The names among `headers` that are only the contract's defaults (a 401's `WWW-Authenticate`
   * from the `challenge` option, when the error brought none): a response that already carries
   * one of them (a challenge the app set before the failure) keeps its own. Adapters write
   * `headersOver(response, ...)`, which applies this. Absent when there are none.
   */
  defaultHeaders?: readonly string[];
}

/** The two body shapes of the specification. */
export type Shape = 'detailed' | 'compact';

/**
 * Where the contract writes its log line: pino (or a child of it), or any object with
 * `error(fields, message)`, and `warn` for the 4xx lines of `logClientErrors`.
 *
 * @example
 * import pino from 'pino';
 *
 * const logger: ErrorLogger = pino();
 * createErrorContract({ logger });
 * // a 500 -> {"level":50,"err":{"type":"Error","message":"...","stack":"..."},"method":"GET",
 * //           "path":"/widgets/7","status":500,"code":"internal_server_error","traceId":"4bf9...",
 * //           "msg":"error-contract: GET /widgets/7 -> 500 internal_server_error"}
 */
export interface ErrorLogger {
  error(fields: Record<string, unknown>, message?: string): void;
  warn?(fields: Record<string, unknown>, message?: string): void;
}
