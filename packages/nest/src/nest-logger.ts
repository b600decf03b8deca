import type { ErrorLogger } from '@error-contract/core';
import type { LoggerService } from '@nestjs/common';

// The context Nest's own exception filter logs under, so the line reads as Nest's always did.
const CONTEXT = 'ExceptionsHandler';

function stackOf(error: unknown): string | undefined {
  try {
    const stack = (error as { stack?: unknown } | null)?.stack;
    return typeof stack === 'string' ? stack : undefined;
  } catch {
    return undefined;
  }
}

function lineOf(fields: Record<string, unknown>, message: string | undefined): string {
  const text = message ?? 'error-contract: failure';
  return typeof fields.traceId === 'string' ? `${text} trace ${fields.traceId}` : text;
}

/**
 * The contract's log line written to a Nest logger: `logger.error(line, stack)` for a 5xx (and
 * `warn` for the 4xx lines of `logClientErrors`), so it goes wherever the app's logs go
 * (`app.useLogger(...)`, nestjs-pino). Give it as the contract's `logger` option.
 *
 * @example
 * import { Logger } from '@nestjs/common';
 * import { ErrorContractModule, nestLogger } from '@error-contract/nest';
 *
 * ErrorContractModule.forRoot({ logger: nestLogger(new Logger('Errors')) });
 */
export function nestLogger(logger: Pick<LoggerService, 'error' | 'warn'>): ErrorLogger {
  if (logger === null || typeof logger !== 'object' || typeof logger.error !== 'function') {
    throw new TypeError('@error-contract/nest: nestLogger() takes a Nest logger, such as new Logger(\'Errors\').');
  }
  return {
    error(fields, message) {
      logger.error(lineOf(fields, message), stackOf(fields.err));
    },
    warn(fields, message) {
      if (typeof logger.warn === 'function') logger.warn(lineOf(fields, message));
      else logger.error(lineOf(fields, message));
    },
  };
}

type NestLogger = Pick<LoggerService, 'error' | 'warn'>;

/**
 * Nest's static `Logger`, under the context of Nest's own exception filter: the app's logger once
 * the app has one (`app.useLogger`), Nest's console logger before. Loaded from the app's own
 * `@nestjs/common` on first use (the package imports nothing of Nest's otherwise, so one build
 * serves Nest 11's CommonJS and Nest 12's ES modules); until it is loaded, and if it cannot be,
 * the line goes to the console.
 */
export function defaultNestLogger(): ErrorLogger {
  let loaded: NestLogger | undefined;
  import('@nestjs/common').then(
    (nest) => {
      loaded = new nest.Logger(CONTEXT);
    },
    () => {
      // no Nest to load: the console below
    },
  );
  const consoleLogger: NestLogger = {
    error: (line: string, stack?: string) => console.error(stack === undefined ? line : `${line}\n${stack}`),
    warn: (line: string) => console.warn(line),
  };
  const adapters = new WeakMap<NestLogger, ErrorLogger>();
  const current = () => {
    const target = loaded ?? consoleLogger;
    let adapter = adapters.get(target);
    if (adapter === undefined) adapters.set(target, (adapter = nestLogger(target)));
    return adapter;
  };
  return {
    error: (fields, message) => current().error(fields, message),
    warn: (fields, message) => current().warn?.(fields, message),
  };
}
