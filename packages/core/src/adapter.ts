// `@error-contract/core/adapter`: the pieces an adapter is built from, for whoever writes the next
// one (docs/guides/writing-an-adapter.md): each is used by at least one of our adapters (or, for
// `typeBaseOf`, `acceptPolicyOf` and `shapeAt`, by tools that read a contract), and a piece two
// adapters need lives here, not twice. An app needs none of them: it writes the contract with
// `@error-contract/core`. Types an adapter names (`ErrorContract`, `RequestLike`, `ErrorResponse`,
// `ProblemInit`) and `problem`/`problems` stay there, one home each.
export { isBareErrorResponse, staleHeaders } from './failures/bare-response.js';
export { limiterRetryAfter } from './failures/limiter-retry-after.js';
export { resolveContract } from './contract/contract.js';
export { fetchFailureToAnswer, fetchRequestLike, isContractResponse, markContractResponse, pathOfUrl, replaceBareResponse, toFetchResponse } from './fetch/fetch.js';
export { headersOver } from './rendering/headers.js';
export { assertKnownOptions, booleanOption } from './contract/option-keys.js';
export { CONTRACT_OPTION_KEYS } from './contract/options.js';
export { firstSegment, pathOfTarget, withoutQuery } from './request/path.js';
export { withRoute } from './request/with-route.js';
export { type RouteMissesByPath, routeMissesByPath } from './routing/route-misses-by-path.js';
export { rememberedRouteMiss, routeMiss } from './routing/route-miss.js';
export { type RouteIndex, routeIndexes } from './routing/route-indexes.js';
export { acceptPolicyOf, shapeAt, typeBaseOf } from './openapi/probe.js';
export { codeForStatus, reasonPhrase } from './base/statuses.js';
export { read } from './base/safe-read.js';
export { type ServerResponseLike, type WriteServerResponseOptions, writeServerResponse } from './server-response/write-server-response.js';
export { PROBLEM_MARK } from './failures/contract-error.js';
export { readHeader } from './request/read-header.js';
export { fieldErrorsOf } from './validation/field-errors.js';
export type { HeaderBag } from './types.js';
export { fieldPointer } from './validation/field-path.js';
