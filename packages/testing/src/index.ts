export { type ConformanceCase, type ConformanceRequest, type ConformanceRoutes, conformanceCases, type ExpectedAnswer } from './cases.js';
export { type ContractReport, type ContractShape, checkErrorContract } from './contract-check.js';
export { exportDocs } from './docs-export.js';
export { type ErrorContractMatchers, errorContractMatchers, type MatcherResult, type MatcherReturn } from './matchers.js';
export { declaredErrorCodes } from './openapi/declared-codes.js';
export { checkProblem, type ProblemExpectation } from './problem-check.js';
export { type ConformanceResult, judgeCase, runCase, runConformance } from './run.js';
export type { ResponseSnapshot } from './snapshot.js';
export { type ConformanceTarget, type Send, senderFor } from './transport.js';
