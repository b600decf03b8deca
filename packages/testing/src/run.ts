// Runs the table: each case sent, each answer judged. No test framework: results are data, for a
// test, a script or the CLI to use.
import { type ConformanceCase, type ConformanceRoutes, conformanceCases } from './cases.js';
import { type ContractShape, checkErrorContract } from './contract-check.js';
import { checkProblem } from './problem-check.js';
import type { ResponseSnapshot } from './snapshot.js';
import { type ConformanceTarget, type Send, senderFor } from './transport.js';

/**
 * One case's outcome. `shape` is the answer's shape when it is an error in the contract,
 * `'not-contract'` when it is an error that is not.
 *
 * @example
 * const failed = results.filter((result: ConformanceResult) => !result.passed).map((result) => result.problems);
 */
export interface ConformanceResult {
  case: ConformanceCase;
  passed: boolean;
  problems: string[];
  /** The answer; undefined when none came (the problem says why). */
  response?: ResponseSnapshot;
  shape?: ContractShape | 'not-contract';
}

const isError = (status: number) => status >= 400;

/**
 * Judges one answer against one case, without sending anything.
 *
 * @example
 * const result = judgeCase(kase, { status: 404, headers: { 'content-type': 'text/html' }, text: '<h1>Not Found</h1>' });
 * result.problems; // ['expected Content-Type application/json or application/problem+json, got text/html', ...]
 */
export function judgeCase(kase: ConformanceCase, response: ResponseSnapshot): ConformanceResult {
  const { expected } = kase;
  const contract = isError(response.status) ? checkErrorContract(response) : undefined;
  const shape = contract === undefined ? undefined : contract.problems.length === 0 ? contract.shape : 'not-contract';
  let problems: string[];
  if (expected.status === 'success') {
    problems = response.status >= 200 && response.status < 300 ? [] : [`expected a success (2xx), got ${response.status}: check the routes and headers given`];
  } else if (expected.status === 'any') {
    problems = contract?.problems ?? [];
  } else if (!isError(response.status)) {
    // a success where an error was due: the rest of the checks would only repeat it
    problems = [`expected status ${expected.status}, got ${response.status}`];
  } else {
    problems = checkProblem(response, { ...expected, status: expected.status }).problems;
  }
  return { case: kase, passed: problems.length === 0, problems, response, ...(shape === undefined ? {} : { shape }) };
}

/**
 * Sends one case and judges its answer; a request that fails is a failed case, never a throw.
 *
 * @example
 * const [first] = conformanceCases({ existing: '/api/widgets' });
 * const result = await runCase({ baseUrl: 'http://127.0.0.1:3000' }, first!);
 */
export async function runCase(target: ConformanceTarget | Send, kase: ConformanceCase): Promise<ConformanceResult> {
  const send = typeof target === 'function' ? target : senderFor(target);
  try {
    return judgeCase(kase, await send(kase.request));
  } catch (error) {
    return { case: kase, passed: false, problems: [`no answer: ${(error as Error).message}`] };
  }
}

/**
 * Runs every case built from `routes` against a running server (`{ baseUrl }`) or a fetch
 * function (`{ fetch }`, e.g. Hono's `app.request`), one after another.
 *
 * @example
 * const results = await runConformance({ baseUrl: 'http://127.0.0.1:3000' }, {
 *   existing: '/api/widgets',
 *   wrongMethod: { path: '/api/widgets', method: 'PUT' },
 *   strictAccept: true,
 * });
 * for (const result of results) if (!result.passed) console.log(result.case.name, result.problems);
 */
export async function runConformance(target: ConformanceTarget, routes: ConformanceRoutes): Promise<ConformanceResult[]> {
  const cases = conformanceCases(routes);
  const send = senderFor(target);
  const results: ConformanceResult[] = [];
  for (const kase of cases) results.push(await runCase(send, kase));
  return results;
}
