// Next.js runs `proxy.ts` (Next 16; `middleware.ts` before) before it routes: the one place for
// what the contract refuses before routing (Accept, a malformed path), for what the app checks
// before routing (a rate limit, authentication), and for methods Next does not route at all.
import { type ErrorContract, fetchFailureToAnswer, fetchRequestLike, problem, routeMiss, toFetchResponse } from '@error-contract/core';
import type { NextFetchEvent, NextRequest } from 'next/server.js'; // .js: Next has no exports map, and ESM (node16) resolution needs the file
import { accessFallbackProblem, isNextSignal } from './next-signals.js';
import { NEXT_METHODS, PROBE_HEADER } from './route.js';

/**
 * A proxy (or middleware) function as Next.js calls it. Returning nothing lets the request go on to
 * routing; a `Response` (`NextResponse.next()`, `.rewrite()`, `.redirect()`, or an answer) is used.
 *
 * @example
 * const limit: ProxyFunction = (request) => {
 *   if (overLimit(request)) throw tooManyRequests({ retryAfter: 30 });
 * };
 * export const proxy = errors.proxy(limit);
 */
export type ProxyFunction = (request: NextRequest, event: NextFetchEvent) => Response | undefined | void | Promise<Response | undefined | void>;

// The probe's token: a probe that comes back through this proxy is let through untouched, so the
// app's own checks (a rate limit) do not count it. Made once per process; never sent to a client.
let probeToken: string | undefined;
function token(): string {
  return (probeToken ??= crypto.randomUUID());
}

/**
 * Next answers a method it does not route (PROPFIND, say) with an empty 400 before any route
 * module runs. Which methods the path has is asked of its route module with an `OPTIONS` request
 * to this same server (on `next start`, a proxy's `request.url` is the server's own address, not
 * the client's Host header): 405 with `Allow` when it declares methods, else 404.
 */
async function unroutedMethod(contract: ErrorContract, request: NextRequest): Promise<Response> {
  let miss = problem(405);
  try {
    const probe = await fetch(request.url, { method: 'OPTIONS', headers: { [PROBE_HEADER]: token(), accept: 'application/json' }, redirect: 'manual' });
    const declared = probe.status === 204 ? probe.headers.get(PROBE_HEADER) : null;
    await probe.body?.cancel().catch(() => {});
    miss = routeMiss(request.method, [declared === null ? [] : declared.split(',').filter(Boolean)]);
  } catch {
    // no answer from the server itself: the method is still not allowed, its Allow unknown
  }
  return toFetchResponse(contract.respond(miss, fetchRequestLike(request)));
}

/** The proxy function: the contract's checks, then the app's own, each failure in the contract. */
export function proxyFunction(contract: ErrorContract, app: ProxyFunction | undefined): (request: NextRequest, event: NextFetchEvent) => Promise<Response | undefined> {
  if (app !== undefined && typeof app !== 'function') throw new TypeError('@error-contract/next: errors.proxy(fn) takes your proxy function, or nothing.');
  return async function errorContractProxy(request, event) {
    if (!contract.inScope(request.url)) return (await app?.(request, event)) ?? undefined;
    // a probe of this proxy's own, coming back: only for OPTIONS, and only with this process's token
    if (request.method === 'OPTIONS' && probeToken !== undefined && request.headers.get(PROBE_HEADER) === probeToken) return undefined;
    const refusal = contract.checkRequest(fetchRequestLike(request));
    if (refusal !== undefined) return toFetchResponse(refusal);
    let res: Response | undefined | void;
    try {
      res = await app?.(request, event);
    } catch (error) {
      if (isNextSignal(error)) throw error;
      return toFetchResponse(contract.respond(accessFallbackProblem(error) ?? error, fetchRequestLike(request)));
    }
    const goesOn = res === undefined || res === null || res.headers.get('x-middleware-next') === '1';
    if (goesOn && !(NEXT_METHODS as readonly string[]).includes(request.method)) return unroutedMethod(contract, request);
    if (res !== undefined && res !== null) {
      const failure = fetchFailureToAnswer(res, request.method);
      const found = failure instanceof Promise ? await failure : failure;
      return found === undefined ? res : toFetchResponse(contract.respond(found, fetchRequestLike(request)), res.headers);
    }
    return undefined;
  };
}
