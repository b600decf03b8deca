// One line per failure worth an operator's attention, written where the service's other lines go.
import { describe, read } from '../base/safe-read.js';
import type { ErrorLogger, Problem, RequestLike } from '../types.js';

export type { ErrorLogger };

/** The framework's logger the adapter handed over with the request (`RequestLike#logger`), if any. */
export function frameworkLogger(request: RequestLike): ErrorLogger | undefined {
  const logger = read(request, 'logger') as ErrorLogger | undefined;
  return typeof read(logger, 'error') === 'function' ? logger : undefined;
}

/**
 * The fields of the line: what failed, where, and the trace to look it up by.
 *
 * @example
 * const fields: LogFields = { err, method: 'GET', path: '/widgets/7', status: 500, code: 'internal_server_error', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' };
 */
export interface LogFields {
  err: unknown;
  method: string;
  /** The path called, without the query string (a query may carry tokens). */
  path: string;
  status: number;
  code: string;
  traceId?: string;
}

/**
 * Writes the line of one failure: to `logger` as structured fields (`err` is the error itself, so
 * pino's serializer keeps its type, message and stack), or, without a logger, to the console as
 * one readable line followed by the error. 4xx lines go to `warn` when the logger has one.
 */
export function writeLogLine(logger: ErrorLogger | undefined, error: unknown, problem: Problem, request: RequestLike, traceId: string | undefined): void {
  const method = describe(request.method);
  const message = `error-contract: ${method} ${problem.instance} -> ${problem.status} ${problem.code}`;
  const clientError = problem.status < 500;
  if (logger === undefined) {
    const line = traceId === undefined ? message : `${message} trace ${traceId}`;
    if (clientError) console.warn(line, error);
    else console.error(line, error);
    return;
  }
  const fields: LogFields = { err: error, method, path: problem.instance, status: problem.status, code: problem.code };
  if (traceId !== undefined) fields.traceId = traceId;
  if (clientError && typeof logger.warn === 'function') logger.warn(fields as unknown as Record<string, unknown>, message);
  else logger.error(fields as unknown as Record<string, unknown>, message);
}
