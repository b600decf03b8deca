// `res.sendStatus(403)` or `res.status(404).end()` ends a response without calling `next`, so no
// error handler sees it. The guard marks each response it lets through, and only those: the
// `end` of the app's responses asks core, for a marked response with an error status, whether
// it is bare and, if so, writes the contract's body. Any other response, of another app or of a
// path outside the contract's mount point, is passed on as it came. A success pays one status
// comparison.
import { type ErrorContract, problem } from '@error-contract/core';
import { isBareErrorResponse, writeServerResponse } from '@error-contract/core/adapter';
import { ServerResponse } from 'node:http';
import type { Application, Request, Response } from 'express';
import { isFirstLayer } from './first-layer.js';
import { requestLike } from './request-like.js';
import { routerOf } from './route-methods.js';

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
    writeServerResponse(res, contract.respond(problem(res.statusCode), requestLike(res.req as Request)), {
      end: (text) => originalEnd.call(res, ...(text === undefined ? [] : [text]), ...(callback ? [callback] : [])),
    }),
  );
  return res;
}

// The contract of each response the guard let through: the mark is kept beside the response, not
// on it, so a response's own properties stay what Express made them.
const ARMED = new WeakMap<Response, ErrorContract>();
// App response prototypes whose `end` is ours.
const PATCHED = new WeakSet<object>();
// The `end` a response had as its own before ours (compression's, say), for responses given ours.
const OWN_BEFORE = new WeakMap<Response, AnyEnd>();

// App response prototypes whose guard is the app's first layer at `/`: every response of such an
// app passed the guard, so none is marked (a WeakMap entry per response cost Express's happy path
// about 1 µs: a response's first use as a key gives it an identity hash). Checked again when a
// bare status ends, in case the app's layers changed.
interface FirstGuard {
  contract: ErrorContract;
  guard: unknown;
  app: Application;
  stack: readonly unknown[];
  length: number;
}
const FIRST_GUARDS = new WeakMap<object, FirstGuard>();
let firstGuardCount = 0;

function stillFirst(first: FirstGuard): boolean {
  const stack = routerOf(first.app)?.stack;
  return stack !== undefined && isFirstLayer(stack, first.guard);
}

/**
 * The contract of the outermost first-layer guard this response passed (apps nest: a sub-app's
 * response inherits from its parent's), as the first guard to arm a response wins.
 */
function firstGuardOf(res: Response): ErrorContract | undefined {
  if (firstGuardCount === 0) return undefined;
  let found: FirstGuard | undefined;
  for (let prototype = Object.getPrototypeOf(res) as object | null; prototype !== null; prototype = Object.getPrototypeOf(prototype) as object | null) {
    const first = FIRST_GUARDS.get(prototype);
    if (first !== undefined && stillFirst(first)) found = first;
  }
  const req = res.req as Request | undefined;
  if (found === undefined || req === undefined || !found.contract.inScope(req.originalUrl ?? req.url)) return undefined;
  return found.contract;
}

function endArmed(res: Response, before: AnyEnd, args: unknown[]): Response {
  if (res.statusCode < 400 || res.headersSent || WRITING.has(res)) return before.apply(res, args);
  const contract = ARMED.get(res) ?? firstGuardOf(res);
  if (contract === undefined) return before.apply(res, args);
  return endBare(res, before, contract, args);
}

// One function for every response given its own `end`: a new closure per response made V8 treat
// each response's `end` as a new value (see armBareStatus).
function ownContractEnd(this: Response, ...args: unknown[]): Response {
  return endArmed(this, OWN_BEFORE.get(this) ?? (Object.getPrototypeOf(this) as { end: AnyEnd }).end, args);
}

function patchPrototype(prototype: { end: AnyEnd }): void {
  PATCHED.add(prototype);
  // An `end` the app put on its own prototype is kept; otherwise the inherited one is looked up
  // at each call, so instrumentation that patches Node's `end` later (an APM agent) still runs.
  const own = Object.hasOwn(prototype, 'end') ? prototype.end : undefined;
  const parent = Object.getPrototypeOf(prototype) as { end: AnyEnd };
  prototype.end = function contractEnd(this: Response, ...args: unknown[]) {
    return endArmed(this, own ?? parent.end, args);
  };
}

function isAppPrototype(prototype: object): boolean {
  return Object.hasOwn(prototype, 'app') && prototype !== ServerResponse.prototype;
}

/** Registers `guard` for every response of its app when it is the app's first layer at `/`. */
function armAsFirstLayer(req: Request, prototype: { end: AnyEnd }, contract: ErrorContract, guard: unknown): boolean {
  const app = req.app;
  const stack = typeof app === 'function' ? routerOf(app)?.stack : undefined;
  if (stack === undefined || (prototype as { app?: unknown }).app !== app || !isAppPrototype(prototype) || !isFirstLayer(stack, guard)) return false;
  if (!PATCHED.has(prototype)) patchPrototype(prototype);
  if (!FIRST_GUARDS.has(prototype)) firstGuardCount++;
  FIRST_GUARDS.set(prototype, { contract, guard, app, stack, length: stack.length });
  return true;
}

/**
 * Makes a bare error status of this one response answer in the contract's shape.
 *
 * `end` is replaced once on the app's response prototype (`app.response`, which Express makes
 * for each app; a mounted sub-app's inherits from it), not on each response: an own `end`, a new
 * function on every response, cost Express's happy path 8% of its CPU (about 10 µs a request,
 * measured). A response the guard did not let through reaches the same `end` and is passed on
 * after a status comparison. When the guard is the app's first layer at `/`, no response is
 * marked: all of the app's passed it. A response that already has its own `end` (compression, placed
 * before the guard, wraps it) gets ours on top, so ours still runs before that one writes
 * headers; so does one whose prototype is not an app's (Node's `ServerResponse.prototype`).
 */
export function armBareStatus(req: Request, res: Response, contract: ErrorContract, guard: unknown): void {
  const prototype = Object.getPrototypeOf(res) as { end: AnyEnd } | null;
  const ownEnd = Object.hasOwn(res, 'end');
  if (prototype !== null && !ownEnd) {
    const first = FIRST_GUARDS.get(prototype);
    if (first !== undefined && first.guard === guard && first.stack.length === first.length) return;
    if (armAsFirstLayer(req, prototype, contract, guard)) return;
  }
  if (ARMED.has(res)) return;
  // A first-layer guard of an enclosing app saw it first: its contract answers (see firstGuardOf),
  // but a response with an `end` of its own still needs ours on top, below.
  if (firstGuardOf(res) === undefined) ARMED.set(res, contract);
  if (prototype !== null && !ownEnd) {
    if (PATCHED.has(prototype)) return;
    if (isAppPrototype(prototype)) {
      patchPrototype(prototype);
      return;
    }
  }
  if (res.end === ownContractEnd) return;
  OWN_BEFORE.set(res, res.end as AnyEnd);
  res.end = ownContractEnd as Response['end'];
}
