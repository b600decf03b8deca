// `res.sendStatus(403)` or `res.status(404).end()` ends a response without calling `next`, so no
// error handler sees it. The guard replaces `end`, once, on the app's own response prototype
// (`app.response`, which Express gives every `res` of the app) and keeps the contract there; that
// `end` asks core whether an error response is bare and, if so, writes the contract's body.
// Nothing is written per request: replacing `res.end` on each response, or marking each response,
// cost Express about 8 µs and 2 µs a request (bench/focus.mjs, CPU profile), so a success pays one
// status comparison instead.
import { type ErrorContract, isBareErrorResponse, problem } from '@error-contract/core';
import type { Request, Response } from 'express';
import { requestLike } from './request-like.js';
import { writeResponse } from './write-response.js';

const CONTRACT = Symbol.for('error-contract.express.bare-status-contract');

type AnyEnd = (this: Response, ...args: unknown[]) => Response;
type Patched = { end: AnyEnd; [CONTRACT]?: ErrorContract };

function header(res: Response, name: string): string | undefined {
  const value = res.getHeader(name);
  return typeof value === 'string' ? value : undefined;
}

function patch(prototype: Patched, contract: ErrorContract): void {
  const originalEnd = prototype.end;
  Object.defineProperty(prototype, CONTRACT, { value: contract, writable: true, configurable: true });
  Object.defineProperty(prototype, 'end', {
    configurable: true,
    writable: true,
    value: function contractEnd(this: Response, chunk?: unknown) {
      if (this.statusCode < 400 || this.headersSent) return originalEnd.apply(this, arguments as unknown as unknown[]);
      return endBare(this, originalEnd, (this as unknown as Patched)[CONTRACT], [...(arguments as unknown as unknown[])], chunk);
    },
  });
}

function endBare(res: Response, originalEnd: AnyEnd, contract: ErrorContract | undefined, args: unknown[], chunk: unknown): Response {
  const body = typeof chunk === 'function' ? undefined : chunk;
  if (contract === undefined || !isBareErrorResponse(res.statusCode, header(res, 'content-type'), body)) return originalEnd.apply(res, args);
  const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
  writeResponse(res, contract.respond(problem(res.statusCode), requestLike(res.req as Request)), {
    end: (text) => originalEnd.call(res, ...(text === undefined ? [] : [text]), ...(callback ? [callback] : [])),
  });
  return res;
}

/**
 * Makes bare error statuses of every response of this response's app answer in the contract's
 * shape. Patches the app's response prototype the first time it sees it; after that, nothing.
 */
export function armBareStatus(res: Response, contract: ErrorContract): void {
  const prototype = Object.getPrototypeOf(res) as Patched | null;
  if (prototype === null || Object.hasOwn(prototype, CONTRACT)) return;
  patch(prototype, contract);
}
