// `@error-contract/core/adapter`: the pieces an adapter is built from, for whoever writes the next
// one (docs/guides/writing-an-adapter.md). An app needs none of them: it writes the contract with
// `@error-contract/core`. Types an adapter names (`ErrorContract`, `RequestLike`, `ErrorResponse`,
// `ProblemInit`) and `problem`/`problems` stay there, one home each.
export { acceptsJson, acceptsProblemJson } from './request/accept.js';
export { isBareErrorResponse, mayBeBareText, REPRESENTATION_HEADERS, staleHeaders } from './failures/bare-response.js';
export { resolveContract } from './contract/contract.js';
export { fetchFailureToAnswer, fetchRequestLike, isContractResponse, markContractResponse, pathOfUrl, replaceBareResponse, toFetchResponse } from './fetch/fetch.js';
export { headersOver, mergeVary, safeHeaderValue } from './rendering/headers.js';
export { negotiateLanguage } from './rendering/language.js';
export { assertKnownOptions, booleanOption } from './contract/option-keys.js';
export { CONTRACT_OPTION_KEYS } from './contract/options.js';
export { formatAllow } from './failures/problems.js';
export { firstSegment, pathOfTarget, withoutDotSegments, withoutQuery } from './request/path.js';
export { isMalformedPath } from './request/request-checks.js';
export { type RouteMissesByPath, routeMissesByPath } from './routing/route-misses-by-path.js';
export { rememberedRouteMiss, routeMiss } from './routing/route-miss.js';
export { acceptPolicyOf, shapeAt, typeBaseOf } from './schema/probe.js';
export { codeForStatus, reasonPhrase } from './deciding/statuses.js';
export { read, readString } from './deciding/safe-read.js';
export { type ServerResponseLike, type WriteServerResponseOptions, writeServerResponse } from './server-response/write-server-response.js';
export { type ValidatorFailure, validatorFailureOf } from './validation/validator-answer.js';
