// Where a failure's log line goes on Fastify. Core decides whether there is a line (each 5xx, the
// 4xx of `logClientErrors`); with Fastify's logger on and no `logger` of the contract's own, the
// line is Fastify's request log, written the way Fastify's default error handler writes it
// (`{ req, res, err }`, the error's message), once the reply has its status, so that it says 500
// for a 500. With Fastify's logger off, core writes its console line. One failure, one line.
import type { ErrorLogger } from '@error-contract/core';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Whether Fastify's logger is on. Without one, Fastify logs to abstract-logging, whose every
 * method is one function named `noop` (fastify/lib/logger-factory.js, Fastify 4 and 5).
 */
export function logsOn(log: FastifyBaseLogger | undefined): boolean {
  try {
    return typeof log?.error === 'function' && !(log.error === log.info && log.error.name === 'noop');
  } catch {
    return false;
  }
}

interface Caught {
  level: 'error' | 'warn';
  err: unknown;
  traceId?: string;
}

/** The logger handed to core with a request, and the line core asked for, written later. */
export interface FailureLine {
  /** For `RequestLike#logger`: undefined when Fastify's logger is off (core's console line then). */
  readonly logger: ErrorLogger | undefined;
  /** Writes the line core asked for, if it asked, on the reply's log; true when it did. */
  write(error: unknown): boolean;
}

/** The message of a thrown value, for the log line. */
export function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : 'non-error thrown';
  } catch {
    return 'non-error thrown';
  }
}

const OFF: FailureLine = { logger: undefined, write: () => false };

/**
 * A line catcher for one failure of `request`: core's call of the logger is kept, and written by
 * `write` once the reply has its status.
 */
export function failureLine(request: FastifyRequest, reply: FastifyReply): FailureLine {
  if (!logsOn(reply.log)) return OFF;
  let caught: Caught | undefined;
  const keep = (level: Caught['level']) => (fields: Record<string, unknown>) => {
    caught = { level, err: fields.err, ...(typeof fields.traceId === 'string' ? { traceId: fields.traceId } : {}) };
  };
  return {
    logger: { error: keep('error'), warn: keep('warn') },
    write(error) {
      if (caught === undefined) return false;
      const err = caught.err ?? error;
      try {
        const fields = caught.traceId === undefined ? { req: request, res: reply, err } : { req: request, res: reply, err, traceId: caught.traceId };
        reply.log[caught.level](fields, messageOf(err));
      } catch {
        // a failing logger must not turn one failure into two
      }
      return true;
    },
  };
}
