import type { Catalog, CodeOf } from './catalog.js';
import { compiledAnswers, compiledProblem } from '../rendering/compiled-answers.js';
import { ContractError, isContractError, type ProblemExtras, type ProblemInit } from '../failures/contract-error.js';
import { normalizeWith } from '../deciding/normalize.js';
import { activeSpans, markSpans } from '../observability/active-span.js';
import { type ErrorLogger, frameworkLogger, writeLogLine } from '../observability/log-line.js';
import { countResponse } from '../observability/response-metric.js';
import { undeclaredCode } from '../observability/undeclared-code.js';
import type { MappedBy } from '../mapping/map-option.js';
import { type ErrorContractOptions, resolveSettings, type Settings } from './options.js';
import { renderWith } from '../rendering/render.js';
import { pathOfTarget } from '../request/path.js';
import { refusalOf } from '../request/request-checks.js';
import { pathInScope } from '../request/scope.js';
import { read } from '../base/safe-read.js';
import { traceparentTraceId } from '../observability/trace-id.js';
import type { ErrorResponse, Problem, RequestLike } from '../types.js';

/**
 * One configured contract: the functions adapters call. See {@link createErrorContract}.
 */
export interface ErrorContract<C extends Catalog = Catalog> {
  /** Decides status, code, exposure and headers for anything thrown. Pure; never throws. */
  normalize(error: unknown, request: RequestLike): Problem;
  /** Renders a problem in the shape chosen for the request. Never throws; `body` is null for HEAD. */
  render(problem: Problem, request: RequestLike): ErrorResponse;
  /**
   * `normalize`, then the active OpenTelemetry span marked, `onError` and the log line, then
   * `render`. What adapters call.
   */
  respond(error: unknown, request: RequestLike): ErrorResponse;
  /** A typed error for a catalog code, to `throw`; an unknown code is a 500 unless `extras.status` says otherwise. */
  error(code: CodeOf<C>, detail?: string, extras?: ProblemExtras & { status?: number }): ContractError;
  /**
   * What is refused before routing, else undefined, as the options `accept` and
   * `rejectMalformedPath` say: 406 for the Accept header, then 400 for a path whose
   * percent-encoding does not decode. With the defaults, nothing is refused.
   * Builds no `Error`: it runs on every request.
   */
  checkRequest(request: RequestLike): ErrorResponse | undefined;
  /**
   * Whether `checkRequest` can refuse anything: its `accept` option is not `'any'` or
   * `rejectMalformedPath` is on. When false, adapters add no hook before routing: a request the
   * contract has nothing to check costs nothing.
   */
  readonly checksBeforeRouting: boolean;
  /**
   * Whether the contract covers a request path (its `scope` option); adapters pass every response
   * outside it through untouched. The path may carry a query or be in absolute form.
   */
  inScope(path: string): boolean;
  /** The catalog as given, for documentation and schema output. */
  readonly catalog: C;
}

/**
 * Whether a failure gets the log line: see the options `logger`, `onError` and `logClientErrors`.
 * An `onError` without a `logger` silences the console line, not a framework's own log (`framework`,
 * see `RequestLike#logger`), which the app turned on itself.
 */
function logs(settings: Settings, problem: Problem, framework?: ErrorLogger): boolean {
  if (settings.logger === false || (settings.logger === undefined && settings.onError !== undefined && framework === undefined)) return false;
  return problem.status >= 500 || settings.logClientErrors;
}

function report(settings: Settings, error: unknown, problem: Problem, request: RequestLike, traceId: string | undefined): void {
  try {
    settings.onError?.(error, problem, request);
  } catch {
    // a failing logger must not turn one failure into two
  }
  try {
    const framework = settings.logger === undefined ? frameworkLogger(request) : undefined;
    if (logs(settings, problem, framework)) writeLogLine(settings.logger || framework, error, problem, request, traceId);
  } catch {
    // nor a failing log line
  }
}

/**
 * What every adapter takes as its contract option: a contract made by `createErrorContract`,
 * used as it is, or that function's options, made into one (`defaults` under the options).
 *
 * @example
 * const contract = resolveContract(contractOrOptions); // in an adapter's factory
 */
export function resolveContract(contractOrOptions: ErrorContract | ErrorContractOptions = {}, defaults: ErrorContractOptions = {}): ErrorContract {
  const isContract = typeof (contractOrOptions as Partial<ErrorContract>).respond === 'function';
  return isContract ? (contractOrOptions as ErrorContract) : createErrorContract({ ...defaults, ...(contractOrOptions as ErrorContractOptions) });
}

// The resolved options, kept on each contract for core's own readers (the OpenAPI fragment, the
// docs pages), under a registered symbol so that two copies of core read each other's contracts.
const SETTINGS = Symbol.for('error-contract.settings');

/**
 * The options a contract was made with, resolved. Core's document builders read them here rather
 * than infer them from what the contract renders. Not exported from the package.
 */
export function settingsOf(contract: ErrorContract): Settings {
  const settings = (contract as unknown as { [SETTINGS]?: Settings })[SETTINGS];
  if (settings === undefined) throw new TypeError('error-contract: this needs a contract made by createErrorContract().');
  return settings;
}

/**
 * Creates the error contract of a service: adapters for Express, Koa and Hono take it as their
 * one option, and every failure they see is answered through it.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 *
 * const contract = createErrorContract({
 *   typeBaseUrl: 'https://docs.example.com/errors/',
 *   catalog: { widget_locked: { status: 409, title: 'Widget locked' } },
 * });
 * throw contract.error('widget_locked', 'Widget 7 is being edited.');
 * // -> 409 { type: 'https://docs.example.com/errors/widget_locked', title: 'Widget locked', ... }
 */
export function createErrorContract<const C extends Catalog<L> = {}, const L extends string = string>(options: ErrorContractOptions<C, L> = {}): ErrorContract<C> {
  const settings = resolveSettings(options as ErrorContractOptions<Catalog>);
  const normalize = (error: unknown, request: RequestLike) => normalizeWith(settings, error, request);
  const render = (problem: Problem, request: RequestLike) => renderWith(settings, problem, request);
  const compiled = compiledAnswers(settings);
  const respond = (error: unknown, request: RequestLike) => {
    // our own plain problems (route misses, refusals, factories' errors) from their compiled kind
    const ours = isContractError(error);
    let answer = ours && compiled !== undefined ? compiled.answerFor(error, request) : undefined;
    let problem = answer === undefined ? undefined : compiledProblem(answer, error as ProblemInit, request);
    const mapped: MappedBy = {};
    if (problem === undefined) {
      answer = undefined;
      problem = normalizeWith(settings, error, request, ours, mapped);
    }
    // Observability is paid by failures only: the active span and the meter are read here, never
    // on a success.
    const spans = activeSpans();
    markSpans(spans, problem, error);
    countResponse(problem, request, mapped.mapper, undeclaredCode(settings, problem, request));
    const internal = problem.status >= 500;
    const traceId = problem.traceId ?? spans?.traceId ?? (internal || logs(settings, problem) ? traceparentTraceId(request) : undefined);
    report(settings, error, problem, request, traceId);
    const response = renderWith(settings, problem, request, answer);
    if (internal && traceId !== undefined) response.traceId = traceId;
    return response;
  };
  const contract: ErrorContract<C> = {
    normalize,
    render,
    respond,
    error(code, detail, extras = {}) {
      const status = extras.status ?? settings.catalog.get(code)?.status ?? 500;
      return new ContractError(status, detail, { ...extras, code });
    },
    checkRequest(request) {
      const refusal = refusalOf(settings, request);
      if (refusal === undefined) return undefined;
      // A plain copy for the callbacks (onError, shape, extensions): an adapter may pass an object
      // whose path is a getter, read only when needed, which a spread would not copy.
      return respond(refusal, { method: request.method, path: read(request, 'path') as string, headers: request.headers });
    },
    checksBeforeRouting: settings.accept !== 'any' || settings.rejectMalformedPath,
    inScope(path) {
      return settings.scope === undefined || pathInScope(settings.scope, pathOfTarget(path));
    },
    catalog: (options.catalog ?? {}) as C,
  };
  Object.defineProperty(contract, SETTINGS, { value: settings });
  return contract;
}
