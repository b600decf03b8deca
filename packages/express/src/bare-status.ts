// `res.sendStatus(403)` or `res.status(404).end()` ends a response without calling `next`, so no
// error handler sees it. The guard replaces `end` on each response it lets through, and only on
// those: nothing shared is patched, so a response of another app, or of a path outside the
// contract's mount point, is never touched. That `end` asks core whether an error response is
// bare and, if so, writes the contract's body. A success pays one status comparison.
import { type ErrorContract, isBareErrorResponse, problem } from '@error-contract/core';
import type { Request, Response } from 'express';
import { requestLike } from './request-like.js';
import { writeResponse } from './write-response.js';

type AnyEnd = (this: Response, ...args: unknown[]) => Response;

// Responses the contract itself is writing: their `end` is ours, not a bare status to replace.
const WRITING = new WeakSet<Response>();

/** Ends `res` with the contract's own response, past the bare-status hook. */
export function endAsContract(res: Response, write: () => void): void {
  WRITING.add(res);
  try {
    write();
  } finally {
    WRITING.delete(res);
  }
}

function header(res: Response, name: string): string | undefined {
  const value = res.getHeader(name);
  return typeof value === 'string' ? value : undefined;
}

function endBare(res: Response, originalEnd: AnyEnd, contract: ErrorContract, args: unknown[]): Response {
  const chunk = args[0];
  const body = typeof chunk === 'function' ? undefined : chunk;
  if (!isBareErrorResponse(res.statusCode, header(res, 'content-type'), body, res.req?.method)) return originalEnd.apply(res, args);
  const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
  endAsContract(res, () =>
    writeResponse(res, contract.respond(problem(res.statusCode), requestLike(res.req as Request)), {
      end: (text) => originalEnd.call(res, ...(text === undefined ? [] : [text]), ...(callback ? [callback] : [])),
    }),
  );
  return res;
}

const ARMED = Symbol.for('error-contract.express.bare-status');

/** Makes a bare error status of this one response answer in the contract's shape. */
export function armBareStatus(res: Response, contract: ErrorContract): void {
  const armed = res as Response & { [ARMED]?: true };
  if (armed[ARMED] === true) return;
  armed[ARMED] = true;
  const originalEnd = res.end as AnyEnd;
  res.end = function contractEnd(this: Response, ...args: unknown[]) {
    if (this.statusCode < 400 || this.headersSent || WRITING.has(this)) return originalEnd.apply(this, args);
    return endBare(this, originalEnd, contract, args);
  } as Response['end'];
}
