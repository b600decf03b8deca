// `@error-contract/core/adapter`: the pieces an adapter is built from, for whoever writes the next
// one (docs/guides/writing-an-adapter.md). An app needs none of them: it writes the contract with
// `@error-contract/core`. Types an adapter names (`ErrorContract`, `RequestLike`, `ErrorResponse`,
// `ProblemInit`) and `problem`/`problems` stay there, one home each.
export { acceptsJson, acceptsProblemJson } from './accept.js';
export { isBareErrorResponse, mayBeBareText, REPRESENTATION_HEADERS, staleHeaders } from './bare-response.js';
export { resolveContract } from './contract.js';
export { fetchFailureToAnswer, fetchRequestLike, isContractResponse, markContractResponse, pathOfUrl, toFetchResponse } from './fetch.js';
export { headersOver, mergeVary, safeHeaderValue } from './headers.js';
export { negotiateLanguage } from './language.js';
export { assertKnownOptions } from './option-keys.js';
export { CONTRACT_OPTION_KEYS } from './options.js';
export { formatAllow } from './problems.js';
export { firstSegment, pathOfTarget, withoutDotSegments, withoutQuery } from './path.js';
export { isMalformedPath } from './request-checks.js';
export { type RouteMissesByPath, routeMissesByPath } from './route-misses-by-path.js';
export { rememberedRouteMiss, routeMiss } from './routing.js';
export { acceptPolicyOf, shapeAt, typeBaseOf } from './schema/probe.js';
export { codeForStatus, reasonPhrase } from './statuses.js';
export { type ValidatorFailure, validatorFailureOf } from './validation/validator-answer.js';
