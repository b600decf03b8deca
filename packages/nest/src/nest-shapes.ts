// Nest's exceptions recognised by shape, never `instanceof` (the app's copy of Nest is not ours,
// and Nest 11 and 12 may both be installed), each member read with core's safe read.
import { read } from '@error-contract/core/adapter';

/** What the filter reads of Nest's `HttpException`. */
export interface HttpExceptionLike {
  getStatus(): number;
  getResponse(): string | object;
  message: string;
  cause?: unknown;
}

function isObject(value: unknown): value is Record<string | symbol, unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function');
}

/** Nest's `HttpException` or a subclass: the functions `getStatus()` and `getResponse()`. */
export function isHttpException(value: unknown): value is HttpExceptionLike {
  return typeof read(value, 'getStatus') === 'function' && typeof read(value, 'getResponse') === 'function';
}

function statusOf(exception: HttpExceptionLike): number | undefined {
  try {
    const status = exception.getStatus();
    return typeof status === 'number' ? status : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `exception` is the NotFoundException Nest's router throws for a path no route has:
 * `new NotFoundException(\`Cannot ${method} ${url}\`)` (@nestjs/core, routes-resolver.js), with the
 * method and the URL as the platform reads them (Express's `originalUrl`, Fastify's raw URL).
 */
export function isRouterNotFound(exception: unknown, method: string | undefined, url: string | undefined): boolean {
  if (!isHttpException(exception) || statusOf(exception) !== 404) return false;
  const message = read(exception, 'message');
  // compared in parts: making the sentence to compare with cost a string per route miss
  const methodText = `${method}`;
  const urlText = `${url}`;
  return typeof message === 'string' && message.length === 8 + methodText.length + urlText.length && message.startsWith('Cannot ') && message.startsWith(methodText, 7) && message.charCodeAt(7 + methodText.length) === 32 && message.endsWith(urlText);
}

/**
 * The error core should judge, when Nest wrapped one it knows better: the platform's own error
 * that Nest re-threw as an `HttpException` (the Express adapter keeps it as `cause`; on Fastify
 * `original` is the error the request failed with, noted by an onError hook), and the ZodError
 * behind nestjs-zod's `ZodValidationException` (`getZodError()`), so that a body error keeps
 * core's sentence and a zod failure its field problems. Anything else is judged as thrown.
 */
export function errorToJudge(exception: unknown, original?: unknown): unknown {
  if (!isHttpException(exception)) return exception;
  const getZodError = read(exception, 'getZodError');
  if (typeof getZodError === 'function') {
    try {
      const zodError: unknown = getZodError.call(exception);
      if (isObject(zodError)) return zodError;
    } catch {
      // judged as thrown
    }
  }
  const status = statusOf(exception);
  for (const candidate of [read(exception, 'cause'), original]) {
    if (!isObject(candidate)) continue;
    const declared = read(candidate, 'statusCode') ?? read(candidate, 'status');
    if (declared !== status) continue;
    // Nest passes the message on unless the error said `expose: false` (then a status text).
    if (read(candidate, 'message') === read(exception, 'message') || read(candidate, 'expose') === false) return candidate;
  }
  return exception;
}
