// `res.sendStatus(403)` or `res.status(404).end()` ends a response without calling `next`, so no
// error handler sees it. The guard swaps `res.end` for this one, which asks core whether the
// response is a bare error and, if so, writes the contract's body instead.
import { type ErrorContract, isBareErrorResponse, problem } from '@error-contract/core';
import type { Request, Response } from 'express';
import { requestLike } from './request-like.js';
import { writeResponse } from './write-response.js';

const ORIGINAL_END = Symbol('error-contract.original-end');
const CONTRACT = Symbol('error-contract.contract');

type AnyEnd = (...args: unknown[]) => Response;
interface Armed {
  [ORIGINAL_END]: AnyEnd;
  [CONTRACT]: ErrorContract;
}

// One shared function, not a closure per request: the happy path pays two property writes.
function contractEnd(this: Response & Armed, ...args: unknown[]): Response {
  const originalEnd = this[ORIGINAL_END];
  (this as Response).end = originalEnd as Response['end'];
  const chunk = typeof args[0] === 'function' ? undefined : args[0];
  if (!this.headersSent && isBareErrorResponse(this.statusCode, header(this, 'content-type'), chunk)) {
    const req = this.req as Request;
    const response = this[CONTRACT].respond(problem(this.statusCode), requestLike(req));
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    writeResponse(this, response, (body) => {
      originalEnd.call(this, ...(body === undefined ? [] : [body]), ...(callback ? [callback] : []));
    });
    return this;
  }
  return originalEnd.apply(this, args);
}

function header(res: Response, name: string): string | undefined {
  const value = res.getHeader(name);
  return typeof value === 'string' ? value : undefined;
}

/** Makes bare error statuses on this response answer in the contract's shape. */
export function armBareStatus(res: Response, contract: ErrorContract): void {
  const armed = res as Response & Armed;
  armed[ORIGINAL_END] = res.end as AnyEnd;
  armed[CONTRACT] = contract;
  res.end = contractEnd as Response['end'];
}
