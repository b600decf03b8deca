export type { ApiRouteHandler, ApiRouteMethods } from './api-route.js';
export { errorContract, type NextErrorContract } from './error-contract.js';
export type { ProxyFunction } from './proxy.js';
export { PROBE_HEADER } from './probe.js';
export { type HttpMethod, NEXT_METHODS, type NotFoundRouteModule, type RouteHandler, type RouteHandlers, type RouteModule, type WrappedRouteHandler } from './route.js';
