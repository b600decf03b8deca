import { read } from '../base/safe-read.js';
import { reasonPhrase } from '../base/statuses.js';
import type { FieldError } from '../types.js';

/**
 * Marks our own problems. A registered symbol, not `instanceof`, so that two installed copies
 * of core recognise each other's errors (as h3's `isError` and Koa's `isHttpError` do).
 */
export const PROBLEM_MARK: unique symbol = Symbol.for('error-contract.problem') as never;

/**
 * What an error of ours carries besides its status. All members are optional.
 *
 * @example
 * const extras: ProblemExtras = { headers: { 'retry-after': '30' }, extensions: { widgetId: '7' } };
 */
export interface ProblemExtras {
  /** A catalog code or any lower_snake_case code; defaults to the status's code. */
  code?: string;
  /** Headers for the client; only the allow-list (`Allow`, `Retry-After`, ...) is sent. */
  headers?: Record<string, string>;
  /** Per-field problems; sent as `errors` (detailed) or one element each (compact). */
  fieldErrors?: FieldError[];
  /** Extra body members, e.g. `{ widgetId: '7' }`; they never replace the standard members. */
  extensions?: Record<string, unknown>;
  /** The underlying error, for logs only: it is never sent. */
  cause?: unknown;
}

/**
 * The plain-data form of a problem: what the factories put in a {@link ContractError}, and what
 * adapters pass to `respond` on paths where nothing was thrown, so that a 404 or 405 costs no
 * `Error` and no stack capture.
 */
export interface ProblemInit extends ProblemExtras {
  readonly [PROBLEM_MARK]: true;
  status: number;
  detail?: string;
}

/**
 * An error to `throw` from a handler; the contract renders it with its status, code and headers.
 * Made by the factories (`notFound()`, `unauthorized({ challenge })`, ...) or `contract.error(code)`.
 * A 4xx's message is shown to the client; a 5xx's is logged only.
 *
 * @example
 * throw new ContractError(409, 'The widget is locked.', { code: 'widget_locked' });
 */
export class ContractError extends Error implements ProblemInit {
  readonly [PROBLEM_MARK] = true as const;
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly headers: Record<string, string>;
  readonly fieldErrors: FieldError[];
  readonly extensions: Record<string, unknown>;
  /** As http-errors and Koa define it: the message may be shown to the client (true for 4xx). */
  readonly expose: boolean;

  constructor(status: number, detail?: string, extras: ProblemExtras = {}) {
    super(detail ?? reasonPhrase(status), extras.cause === undefined ? undefined : { cause: extras.cause });
    this.name = 'ContractError';
    this.status = status;
    this.code = extras.code;
    this.detail = detail;
    this.headers = extras.headers ?? {};
    this.fieldErrors = extras.fieldErrors ?? [];
    this.extensions = extras.extensions ?? {};
    this.expose = status < 500;
  }

  /** Wraps the plain form in a throwable error. */
  static from(init: ProblemInit): ContractError {
    return new ContractError(init.status, init.detail, init);
  }
}

/**
 * Whether a value is one of our problems: a {@link ContractError} from any copy of this package,
 * or its plain form.
 *
 * @example
 * try { await handler() } catch (err) { if (isContractError(err)) console.log(err.status) }
 */
export function isContractError(value: unknown): value is ProblemInit {
  return read(value, PROBLEM_MARK) === true;
}
