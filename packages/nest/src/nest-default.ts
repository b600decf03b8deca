// Outside the contract's `scope`, a failure is answered as Nest's own exception filter answers it
// (@nestjs/core, base-exception-filter.js): an HttpException's response as its body with its
// status, anything else `{ statusCode: 500, message: 'Internal server error' }`, logged.
import type { ErrorLogger } from '@error-contract/core';
import { isHttpException } from './nest-shapes.js';

interface Writable {
  headersSent?: boolean;
  statusCode?: number;
  setHeader?(name: string, value: string): unknown;
  end?(body?: string): unknown;
}

interface FastifyReplyLike {
  raw: Writable;
  code(status: number): FastifyReplyLike;
  send(payload?: unknown): unknown;
}

/** Whether a response is Fastify's reply (Nest on platform-fastify), not Node's or Express's. */
export function isFastifyReply(value: unknown): value is FastifyReplyLike {
  const reply = value as Partial<FastifyReplyLike> | null;
  return typeof reply?.code === 'function' && typeof reply.send === 'function' && typeof reply.raw === 'object' && reply.raw !== null;
}

function bodyOf(exception: unknown, logger: ErrorLogger | undefined): { status: number; body: object } {
  if (isHttpException(exception)) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    return { status, body: typeof response === 'object' && response !== null ? response : { statusCode: status, message: response } };
  }
  logger?.error({ err: exception }, `${(exception as { message?: unknown } | null)?.message ?? 'non-error thrown'}`);
  return { status: 500, body: { statusCode: 500, message: 'Internal server error' } };
}

/** Answers `exception` as Nest's own filter would, on Express, Fastify or Node's response. */
export function answerAsNest(exception: unknown, response: unknown, logger: ErrorLogger | undefined): void {
  const { status, body } = bodyOf(exception, logger);
  if (isFastifyReply(response)) {
    if (response.raw.headersSent) response.raw.end?.();
    else response.code(status).send(body);
    return;
  }
  const res = response as Writable;
  if (res.headersSent) {
    res.end?.();
    return;
  }
  res.statusCode = status;
  res.setHeader?.('content-type', 'application/json; charset=utf-8');
  res.end?.(JSON.stringify(body));
}
