// `expect.extend` matchers for vitest and jest. A plain response (supertest) is judged at once; a
// fetch Response (also Hono's `app.request()`) has a body to read, so its matcher returns a
// Promise: `await expect(res).toBeProblem(...)`. Both runners support async matchers.
import type { ContractReport } from './contract-check.js';
import { checkErrorContract } from './contract-check.js';
import { declaredErrorCodes } from './openapi/declared-codes.js';
import { checkProblem, type ProblemExpectation } from './problem-check.js';
import { isPromiseLike, isResponseLike, type ResponseSnapshot, snapshotOfPlain, snapshotOfResponse } from './snapshot.js';

/**
 * What a matcher returns to vitest or jest.
 *
 * @example
 * const result = (await errorContractMatchers.toBeErrorContract(res)) as MatcherResult;
 * if (!result.pass) console.log(result.message());
 */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

type Verdict = (response: ResponseSnapshot) => MatcherResult;

function notAResponse(received: unknown): TypeError {
  const kind = received === null ? 'null' : Array.isArray(received) ? 'an array' : typeof received;
  return new TypeError(`expected a response (supertest, fetch Response, Hono app.request() result), got ${kind}`);
}

/** Judges at once when it can; waits for the body (or the promised response) when it must. */
function judge(received: unknown, verdict: Verdict): MatcherResult | Promise<MatcherResult> {
  if (isPromiseLike(received)) return Promise.resolve(received).then((resolved) => judge(resolved, verdict));
  if (isResponseLike(received)) return snapshotOfResponse(received).then(verdict);
  const snapshot = snapshotOfPlain(received);
  if (snapshot === undefined) throw notAResponse(received);
  return verdict(snapshot);
}

function bullets(problems: string[]): string {
  return problems.map((problem) => `\n  - ${problem}`).join('');
}

function summary(response: ResponseSnapshot, report: ContractReport): string {
  return [response.status, report.shape, ...report.codes.slice(0, 1)].filter((part) => part !== undefined).join(' ');
}

function describeExpectation(expected: ProblemExpectation): string {
  const parts = [expected.status, expected.code, expected.shape].filter((part) => part !== undefined);
  return parts.length === 0 ? 'problem' : `${parts.join(' ')} problem`;
}

/**
 * The matchers, for `expect.extend(errorContractMatchers)` in vitest or jest (or import
 * `@error-contract/testing/vitest` / `/jest`, which do it for you).
 *
 * - `toBeErrorContract()`: an error in either shape, with the contract's Content-Type, a
 *   `status` member equal to the HTTP status, lower_snake_case codes and no stack trace.
 * - `toBeProblem({ status, code, shape?, fields?, headers? })`: the same, and this problem.
 *
 * @example
 * import { expect } from 'vitest';
 * import { errorContractMatchers } from '@error-contract/testing';
 * expect.extend(errorContractMatchers);
 *
 * expect(await request(app).get('/api/widgets/9')).toBeProblem({ status: 404, code: 'not_found' });
 * await expect(await app.request('/api/widgets', { method: 'PUT' })).toBeProblem({ status: 405, code: 'method_not_allowed' });
 */
export const errorContractMatchers = {
  toBeErrorContract(received: unknown): MatcherResult | Promise<MatcherResult> {
    return judge(received, (response) => {
      const report = checkErrorContract(response);
      const pass = report.problems.length === 0;
      return {
        pass,
        message: () =>
          pass
            ? `expected the response not to be an error in the contract, but it is one (${summary(response, report)})`
            : `expected an error in the contract, but:${bullets(report.problems)}`,
      };
    });
  },

  toBeDeclaredFor(received: unknown, document: object | string, method: string, path: string): MatcherResult | Promise<MatcherResult> {
    // read before the response: a document without the operation is the test's mistake, said at once
    const declared = declaredErrorCodes(document, method, path);
    const label = `${method.toUpperCase()} ${path}`;
    return judge(received, (response) => {
      const report = checkErrorContract(response);
      const problems = [...report.problems];
      const status = String(response.status);
      const key = [status, `${status[0]}XX`, `${status[0]}xx`, 'default'].find((name) => name in declared);
      const codes = key === undefined ? undefined : declared[key];
      if (key === undefined) problems.push(`${status} is not among the responses the document declares for ${label} (it declares ${Object.keys(declared).join(', ') || 'none'})`);
      else if (codes !== undefined) {
        for (const code of report.codes) if (!codes.includes(code)) problems.push(`${label} answered ${status} with \`${code}\`, which its document does not declare for ${key} (declared: ${codes.join(', ')})`);
      }
      const pass = problems.length === 0;
      return {
        pass,
        message: () => (pass ? `expected the response not to be an error ${label} declares, but it is (${summary(response, report)})` : `expected an error ${label} declares, but:${bullets(problems)}`),
      };
    });
  },

  toBeProblem(received: unknown, expected: ProblemExpectation): MatcherResult | Promise<MatcherResult> {
    if (typeof expected !== 'object' || expected === null) throw new TypeError('toBeProblem takes the expected problem, e.g. { status: 404, code: "not_found" }');
    return judge(received, (response) => {
      const report = checkProblem(response, expected);
      const pass = report.problems.length === 0;
      const wanted = describeExpectation(expected);
      return {
        pass,
        message: () => (pass ? `expected the response not to be a ${wanted}, but it is one` : `expected a ${wanted}, but:${bullets(report.problems)}`),
      };
    });
  },
};

/**
 * What a matcher returns for a received value of type `T`: a fetch Response (or a promise of any
 * response) has a body to read, so `Promise<void>` to await; a plain response, `void`.
 *
 * @example
 * type Sync = MatcherReturn<{ status: number; text: string }>; // void
 * type Async = MatcherReturn<Response>; // Promise<void>
 */
export type MatcherReturn<T> = T extends { text(): PromiseLike<string> } | PromiseLike<unknown> ? Promise<void> : void;

/**
 * The two matchers' names and arguments, for the vitest and jest type augmentations.
 *
 * @example
 * declare module 'expect' {
 *   interface Matchers<R> extends ErrorContractMatchers<R> {}
 * }
 */
export interface ErrorContractMatchers<R> {
  /**
   * The response is an error in the contract, in either shape.
   *
   * @example
   * expect(await request(app).get('/api/nothing')).toBeErrorContract();
   */
  toBeErrorContract(): R;
  /**
   * The response is an error in the contract whose status the OpenAPI document declares for the
   * operation, and whose code that status's schema names (where it pins `code`): a route that
   * starts answering a code its document does not declare fails its own test.
   *
   * @example
   * const document = await (await fetch(`${url}/openapi.json`)).json();
   * await expect(await fetch(`${url}/api/widgets/9`, { headers })).toBeDeclaredFor(document, 'GET', '/api/widgets/{id}');
   */
  toBeDeclaredFor(document: object | string, method: string, path: string): R;
  /**
   * The response is an error in the contract, and this problem.
   *
   * @example
   * await expect(await fetch(`${url}/api/widgets/9`, { headers })).toBeProblem({ status: 404, code: 'not_found' });
   */
  toBeProblem(expected: ProblemExpectation): R;
}
