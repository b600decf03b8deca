// Pages Router API routes (`pages/api/**`): `(req, res)` handlers on Node's request and response.
// One wrapper per route: what the handler throws, a bare error it ends (`res.status(404).end()`),
// a method it does not declare, and the contract's checks before it runs.
import { type ErrorContract, problem, type RequestLike } from '@error-contract/core';
import { isBareErrorResponse, pathOfTarget, routeMiss, writeServerResponse } from '@error-contract/core/adapter';
import type { NextApiRequest, NextApiResponse } from 'next';
import { accessFallbackProblem, isNextSignal } from './next-signals.js';

/**
 * A Pages Router API route handler.
 *
 * @example
 * const handler: ApiRouteHandler = (_req, res) => res.status(200).json([]);
 */
export type ApiRouteHandler<T = any> = (req: NextApiRequest, res: NextApiResponse<T>) => unknown | Promise<unknown>;

/**
 * One handler per method, as given to `errors.apiRoute()`: a method not named is a 405 with `Allow`.
 *
 * @example
 * export default errors.apiRoute({ GET: (_req, res) => res.status(200).json([]) } satisfies ApiRouteMethods);
 */
export type ApiRouteMethods<T = any> = Readonly<Record<string, ApiRouteHandler<T>>>;

const METHOD_TOKEN = /^[A-Z]+$/;

function requestOf(req: NextApiRequest): RequestLike {
  return { method: req.method ?? 'GET', path: pathOfTarget(req.url ?? '/'), headers: req.headers };
}

function textOf(chunk: unknown): string | null | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array) return chunk.byteLength > 64 ? undefined : new TextDecoder().decode(chunk);
  return undefined;
}

/**
 * Ends this one response through the contract when the handler ends it as a bare error: an error
 * status with no body, or only a reason phrase (`res.status(403).send('Forbidden')`). Only this
 * response's own `end` is replaced, never a prototype's.
 */
function watchBareEnd(res: NextApiResponse, contract: ErrorContract, request: RequestLike): void {
  const end = res.end;
  const write = res.write;
  let wrote = false;
  res.write = function errorContractWrite(this: NextApiResponse, ...args: unknown[]) {
    wrote = true;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof res.write;
  res.end = function errorContractEnd(this: NextApiResponse, ...args: unknown[]) {
    res.end = end;
    res.write = write;
    const status = res.statusCode;
    if (status >= 400 && !wrote && !res.headersSent) {
      const text = textOf(args[0]);
      const type = res.getHeader('content-type');
      if (text !== undefined && isBareErrorResponse(status, typeof type === 'string' ? type : undefined, text, request.method)) {
        const plain = end as (...a: unknown[]) => unknown;
        writeServerResponse(res, contract.respond(problem(status), request), { end: (body) => (body === undefined ? plain.call(res) : plain.call(res, body)) });
        return res;
      }
    }
    return (end as (...a: unknown[]) => NextApiResponse).apply(this, args);
  } as typeof res.end;
}

/** The wrapped API route. */
export function apiRouteHandler(contract: ErrorContract, given: ApiRouteHandler | ApiRouteMethods): (req: NextApiRequest, res: NextApiResponse) => Promise<void> {
  let pick: (method: string) => ApiRouteHandler | undefined;
  let declared: string[] = [];
  if (typeof given === 'function') pick = () => given;
  else if (given !== null && typeof given === 'object') {
    for (const [name, handler] of Object.entries(given)) {
      if (!METHOD_TOKEN.test(name)) throw new TypeError(`@error-contract/next: errors.apiRoute() got "${name}"; name methods in capitals (GET, POST).`);
      if (typeof handler !== 'function') throw new TypeError(`@error-contract/next: errors.apiRoute() got a ${typeof handler} for ${name}; give a function.`);
    }
    declared = Object.keys(given);
    pick = (method) => given[method] ?? (method === 'HEAD' ? given.GET : undefined);
  } else throw new TypeError('@error-contract/next: errors.apiRoute(handler) takes a handler or an object of handlers by method.');

  return async function errorContractApiRoute(req, res) {
    const handler = pick((req.method ?? 'GET').toUpperCase());
    if (!contract.inScope(req.url ?? '/')) {
      if (handler !== undefined) await handler(req, res);
      else res.status(405).end();
      return;
    }
    const request = requestOf(req);
    const refusal = contract.checkRequest(request);
    if (refusal !== undefined) return writeServerResponse(res, refusal, { replacesBody: false });
    if (handler === undefined) return writeServerResponse(res, contract.respond(routeMiss(request.method, [declared]), request), { replacesBody: false });
    watchBareEnd(res, contract, request);
    try {
      await handler(req, res);
    } catch (error) {
      if (isNextSignal(error)) throw error;
      if (res.headersSent) {
        // The answer has started: it cannot become an error. End it (cut short, so the client does
        // not take a partial body for a whole one) and let Next log the failure once.
        res.destroy(error instanceof Error ? error : undefined);
        return;
      }
      writeServerResponse(res, contract.respond(accessFallbackProblem(error) ?? error, request));
    }
  };
}
