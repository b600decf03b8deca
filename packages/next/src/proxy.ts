// Next.js runs `proxy.ts` (Next 16; `middleware.ts` before) before it routes: the one place for
// what the contract refuses before routing (Accept, a malformed path), for what the app checks
// before routing (a rate limit, authentication), and for a method the path's route module does not
// export (Next's answer to it, an empty 405 or, for a method Next does not route, an empty 400,
// comes after the proxy and cannot be changed there).
import { type ErrorContract, type ProblemInit, problem, problems } from '@error-contract/core';
import { fetchRequestLike, replaceBareResponse, routeMiss, toFetchResponse } from '@error-contract/core/adapter';
import type { NextFetchEvent, NextRequest } from 'next/server.js'; // .js: Next has no exports map, and ESM (node16) resolution needs the file
import { accessFallbackProblem, isNextSignal } from './next-signals.js';
import { isProbe, PROBE_HEADER, probeSecret } from './probe.js';
import { NEXT_METHODS } from './route.js';

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

// Methods a GET-only module (one Next prerenders) does not export, and that Next routes: asked of
// the module. GET, HEAD and OPTIONS are never asked: Next's own OPTIONS is kept, and a module
// without GET exports the contract's GET (errors.route gives one).
const ASKED = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// The methods of a path do not change while a build serves: remembered per path for a while (in
// `next dev` a module's exports change as it is edited), at most this many paths (the memo is
// emptied when full), so a path's writes are asked about once in that while, not each time.
const MAX_REMEMBERED_PATHS = 1024;
const REMEMBERED_MS = 10_000;
const remembered = new Map<string, { methods: readonly string[] | null; until: number }>();

/**
 * The methods the path's route module exports, asked with an `OPTIONS` request to this same server
 * (on `next start` a proxy's `request.url` is the server's own address, not the client's Host):
 * Next's own OPTIONS answer (204 with `Allow`; 405 with `Allow: GET, HEAD` for a prerendered route),
 * or the wrapped module's with the probe's secret.
 * null for the catch-all's 404; undefined when the answer tells nothing (the app's own OPTIONS).
 */
async function methodsOfPath(request: NextRequest): Promise<readonly string[] | null | undefined> {
  const path = request.nextUrl.pathname;
  const known = remembered.get(path);
  if (known !== undefined && known.until > Date.now()) return known.methods;
  let methods: readonly string[] | null | undefined;
  try {
    const probe = await fetch(request.url, { method: 'OPTIONS', headers: { [PROBE_HEADER]: probeSecret(), accept: 'application/json' }, redirect: 'manual' });
    await probe.body?.cancel().catch(() => {});
    const allow = probe.headers.get('allow');
    if (probe.status === 404) methods = null;
    // 204: Next's own OPTIONS, or the wrapper's; 405: a route Next prerendered, whose every method
    // but GET and HEAD Next answers itself, `Allow: GET, HEAD` (next/dist/server/base-server.js)
    else if ((probe.status === 204 || probe.status === 405) && allow !== null) {
      methods = allow
        .split(',')
        .map((name) => name.trim().toUpperCase())
        .filter((name) => name !== '' && name !== 'OPTIONS');
    }
  } catch {
    // no answer from the server itself: nothing known
  }
  if (methods !== undefined) {
    if (remembered.size >= MAX_REMEMBERED_PATHS) remembered.clear();
    remembered.set(path, { methods, until: Date.now() + REMEMBERED_MS });
  }
  return methods;
}

/**
 * The contract's answer for a method the path's module does not export, or undefined to let Next
 * route the request. A method Next does not route at all (PROPFIND) is always answered: 405 with
 * the module's `Allow`, else 404.
 */
async function methodMiss(request: NextRequest): Promise<ProblemInit | undefined> {
  const routed = (NEXT_METHODS as readonly string[]).includes(request.method);
  if (routed && !ASKED.has(request.method)) return undefined;
  const methods = await methodsOfPath(request);
  if (methods === null) return problems.notFound();
  if (methods === undefined) return routed ? undefined : problem(405);
  if (routed && methods.includes(request.method)) return undefined;
  return routeMiss(request.method, [methods]);
}

/** The headers the app's proxy set for the answer (`NextResponse.next({ headers })`, a rewrite's), for our answers to keep. */
function headersSet(res: Response | undefined | void | null): Headers | undefined {
  if (res === undefined || res === null) return undefined;
  if (res.headers.get('x-middleware-next') !== '1' && !res.headers.has('x-middleware-rewrite')) return undefined;
  const kept = new Headers();
  // x-middleware-*: Next's instructions (go on, rewrite, the request's headers), not the answer's
  for (const [name, value] of res.headers) if (!name.startsWith('x-middleware-')) kept.append(name, value);
  return kept;
}

/** The proxy function: the contract's checks, then the app's own, each failure in the contract. */
export function proxyFunction(contract: ErrorContract, app: ProxyFunction | undefined): (request: NextRequest, event: NextFetchEvent) => Promise<Response | undefined> {
  if (app !== undefined && typeof app !== 'function') throw new TypeError('@error-contract/next: errors.proxy(fn) takes your proxy function, or nothing.');
  return async function errorContractProxy(request, event) {
    if (!contract.inScope(request.nextUrl.pathname)) return (await app?.(request, event)) ?? undefined;
    // this proxy's own probe, coming back: let through untouched (the app's checks do not count it)
    if (isProbe(request)) return undefined;
    const like = fetchRequestLike(request);
    const refusal = contract.checkRequest(like);
    // The app's proxy runs as it would without us, also for a request the contract refuses, so
    // that the headers it sets (CORS, Vary, its own) are on the refusal as on any other answer.
    let res: Response | undefined | void;
    try {
      res = await app?.(request, event);
    } catch (error) {
      if (refusal !== undefined) return toFetchResponse(refusal);
      if (isNextSignal(error)) throw error;
      return toFetchResponse(contract.respond(accessFallbackProblem(error) ?? error, like));
    }
    const kept = headersSet(res);
    if (refusal !== undefined) return toFetchResponse(refusal, kept);
    if (res === undefined || res === null || res.headers.get('x-middleware-next') === '1') {
      const miss = await methodMiss(request);
      if (miss !== undefined) return toFetchResponse(contract.respond(miss, like), kept);
      return res ?? undefined;
    }
    if (kept !== undefined) return res; // a rewrite: the path it names is routed, not this one
    return replaceBareResponse(res, request.method, (found) => toFetchResponse(contract.respond(found, like), res.headers));
  };
}
