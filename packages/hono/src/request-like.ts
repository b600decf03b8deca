import type { RequestLike } from '@error-contract/core';
import { pathOfUrl, withRoute } from '@error-contract/core/adapter';
import type { Context } from 'hono';
import { routeTemplateOf } from './route-template.js';

/** What core needs of a Hono request. The path is the one sent, from the URL: `c.req.path` is
 * decoded (`%22%3Cb%3E` is `"<b>` there), and `instance` must say what the client called, as
 * on Express and Koa. `route` is the matched route's template (see route-template.ts). */
export function requestLike(c: Context): RequestLike {
  return withRoute({ method: c.req.method, path: pathOfUrl(c.req.url), headers: nodeHeaders(c.env) ?? c.req.raw.headers }, routeTemplateOf(c));
}

interface NodeServerEnv {
  incoming?: { headers?: Record<string, string | string[] | undefined> };
}

/**
 * What core needs of a raw `Request`, for the `fetch` wrapper that runs before Hono routes. On
 * @hono/node-server, `env.incoming` holds Node's own header object: reading it spares building a
 * `Headers` for every request. Elsewhere (Workers, Bun, Deno) the Request's headers are used.
 */
export function requestLikeOf(request: Request, env?: unknown): RequestLike {
  return { method: request.method, path: pathOfUrl(request.url), headers: nodeHeaders(env) ?? request.headers };
}

/**
 * `requestLikeOf` for the checks before routing, which read only the headers unless the contract
 * refuses malformed paths: the path is read from the URL when asked for (a getter on the class;
 * core hands a refusal's callbacks a plain copy). Saves parsing the URL on every request.
 */
export function checkedRequestOf(request: Request, env?: unknown): RequestLike {
  return new LazyPathRequest(request.method, request.url, nodeHeaders(env) ?? request.headers);
}

class LazyPathRequest implements RequestLike {
  #path: string | undefined;
  readonly #url: string;
  constructor(
    readonly method: string,
    url: string,
    readonly headers: RequestLike['headers'],
  ) {
    this.#url = url;
  }

  get path(): string {
    return (this.#path ??= pathOfUrl(this.#url));
  }
}

/** Node's own header object, when @hono/node-server passes it in `env.incoming`. */
function nodeHeaders(env: unknown): Record<string, string | string[] | undefined> | undefined {
  const raw = (env as NodeServerEnv | undefined)?.incoming?.headers;
  return raw !== null && typeof raw === 'object' ? raw : undefined;
}
