export type { ApiRouteHandler, ApiRouteMethods } from './api-route.js';
export { errorContract, type NextErrorContract } from './error-contract.js';
export type { ProxyFunction } from './proxy.js';
export { type HttpMethod, NEXT_METHODS, PROBE_HEADER, type RouteHandler, type RouteHandlers, type RouteModule } from './route.js';
