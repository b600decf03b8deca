// Reading an h3 event, for both majors. h3 2's event is Web-based (`event.req` is a `Request`,
// `event.url` a URL, `event.res.headers` the headers prepared for the response); h3 1's is
// Node-based (`event.node.req` / `event.node.res`, even under `toWebHandler`, where they are
// node-mock-http's objects). No h3 import: the adapter runs with whichever major the app has.
import { type RequestLike } from '@error-contract/core';
import { pathOfUrl, type ServerResponseLike, withoutQuery, withRoute } from '@error-contract/core/adapter';

/** The members of h3 2's `H3Event` read here. */
export interface EventV2 {
  req: Request;
  url?: URL;
  res?: { headers?: Headers; errHeaders?: Headers };
  context?: { matchedRoute?: { route?: unknown } };
  app?: unknown;
}

/** The members of h3 1's `H3Event` read here. */
export interface EventV1 {
  node: {
    req: { method?: string; url?: string; originalUrl?: string; headers: Record<string, string | string[] | undefined> };
    res: NodeResponseLike;
  };
  context?: { matchedRoute?: { path?: unknown } };
  handled?: boolean;
}

/** What of Node's `ServerResponse` (or node-mock-http's) the h3 1 side writes with. */
export interface NodeResponseLike extends ServerResponseLike {
  headersSent?: boolean;
  writableEnded?: boolean;
}

// h3 2 marks an event whose path does not percent-decode (response.ts `kMalformedURL`).
const MALFORMED_URL = Symbol.for('h3.internal.event.malformed');

/** Whether the event is h3 2's (its `req` is a Fetch `Request`, headers with `get`). */
export function isEventV2(event: unknown): event is EventV2 {
  const headers = (event as { req?: { headers?: unknown } } | undefined)?.req?.headers;
  return headers !== null && typeof headers === 'object' && typeof (headers as Headers).get === 'function';
}

/** Whether h3 2 found the event's path not validly percent-encoded. */
export function isMalformedEvent(event: unknown): boolean {
  return (event as Record<symbol, unknown> | undefined)?.[MALFORMED_URL] === true;
}

/** The template of the route h3 matched (`/widgets/:id`), for core's metric `http.route`. */
function routeOf(event: EventV1 | EventV2): string | undefined {
  try {
    const matched = event.context?.matchedRoute as { route?: unknown; path?: unknown } | undefined;
    // h3 2's route data holds `route`, h3 1's router match `path`
    const route = matched?.route ?? matched?.path;
    return typeof route === 'string' && route !== '' ? route : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What core needs of an h3 request: the method, the path as the client sent it (h3 2 makes the
 * event's URL canonical, and h3 1's app strips a layer's prefix from `req.url`), the headers, and
 * the matched route's template (`routed`: the checks before routing have none, though h3 2
 * matched the route before any middleware ran).
 */
export function requestLikeOf(event: EventV1 | EventV2, routed = true): RequestLike {
  let like: RequestLike;
  if (isEventV2(event)) like = { method: event.req.method, path: pathOfUrl(event.req.url), headers: event.req.headers };
  else {
    const req = (event as EventV1).node.req;
    like = { method: (req.method ?? 'GET').toUpperCase(), path: withoutQuery(req.originalUrl ?? req.url ?? '/'), headers: req.headers };
  }
  return routed ? withRoute(like, routeOf(event)) : like;
}

/**
 * The path h3 routes on: h3 2's `event.url.pathname` (decoded where that is safe, the mount base
 * restored), h3 1's path as sent (its router strips the query and matches that).
 */
export function routedPathOf(event: EventV1 | EventV2): string {
  if (isEventV2(event)) return event.url?.pathname ?? pathOfUrl(event.req.url);
  const req = (event as EventV1).node.req;
  return withoutQuery(req.originalUrl ?? req.url ?? '/');
}
