// Outside the contract's `scope`, a failure is answered as Nest's own exception filter answers it
// (@nestjs/core, base-exception-filter.js): an HttpException's response as its body with its
// status; an http-errors error or a Fastify error `{ statusCode, message }` with its status (its
// message only when exposed); anything else `{ statusCode: 500, message: 'Internal server error' }`,
// logged. Written as the platform adapter's `reply` writes it (Express's `res.json`: the same
// Content-Length and ETag), so that the scope leaves these answers as they were byte for byte.
import { STATUS_CODES } from 'node:http';
import type { ErrorLogger } from '@error-contract/core';
import { isHttpException } from './nest-shapes.js';

interface Writable {
  headersSent?: boolean;
  statusCode?: number;
  setHeader?(name: string, value: string): unknown;
  end?(body?: string): unknown;
}

/** Express's response, as platform-express's `reply` uses it. */
interface ExpressResponseLike extends Writable {
  status(code: number): unknown;
  json(body: unknown): unknown;
  send(body?: unknown): unknown;
}

function isExpressResponse(value: unknown): value is ExpressResponseLike {
  const res = value as Partial<ExpressResponseLike> | null;
  return typeof res?.status === 'function' && typeof res.json === 'function' && typeof res.send === 'function';
}

interface HttpErrorLike {
  statusCode: number;
  message: string;
  expose?: boolean;
}

/** Nest's `isHttpError`: a FastifyError, an http-errors error, or a plain object shaped like one. */
function isHttpError(error: unknown): error is HttpErrorLike {
  if (error === null || typeof error !== 'object') return false;
  const candidate = error as { constructor?: { name?: string }; code?: unknown; statusCode?: unknown; status?: unknown; expose?: unknown; message?: unknown };
  if ((candidate.constructor?.name === 'FastifyError' || candidate.code === 'FST_ERR_VALIDATION') && typeof candidate.code === 'string' && typeof candidate.statusCode === 'number') return true;
  if (typeof candidate.expose === 'boolean' && typeof candidate.statusCode === 'number' && candidate.status === candidate.statusCode && error instanceof Error) return true;
  return !(error instanceof Error) && Number.isInteger(candidate.statusCode) && (candidate.statusCode as number) >= 400 && (candidate.statusCode as number) < 600 && typeof candidate.message === 'string' && candidate.message !== '';
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
    if (typeof response === 'object' && response !== null) return { status, body: response };
    const { errorCode } = exception as { errorCode?: unknown };
    return { status, body: { statusCode: status, message: response, ...(errorCode === undefined ? {} : { errorCode }) } };
  }
  logger?.error({ err: exception }, `${(exception as { message?: unknown } | null)?.message ?? 'non-error thrown'}`);
  if (isHttpError(exception)) {
    // http-errors sets `expose: false` where the message must not reach a client (5xx, send's file system errors)
    const message = exception.expose === false ? (STATUS_CODES[exception.statusCode] ?? 'Internal server error') : exception.message;
    return { status: exception.statusCode, body: { statusCode: exception.statusCode, message } };
  }
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
  if (isExpressResponse(res)) {
    res.status(status);
    // as platform-express's reply: a body whose statusCode is an error replaces a Content-Type the
    // route had set (a download's); an HttpException's own object without one leaves it
    const type = (res as { getHeader?(name: string): unknown }).getHeader?.('content-type');
    const statusCode = (body as { statusCode?: unknown }).statusCode;
    if (typeof type === 'string' && !type.startsWith('application/json') && typeof statusCode === 'number' && statusCode >= 400) res.setHeader?.('content-type', 'application/json');
    res.json(body);
    return;
  }
  res.statusCode = status;
  res.setHeader?.('content-type', 'application/json; charset=utf-8');
  res.end?.(JSON.stringify(body));
}
