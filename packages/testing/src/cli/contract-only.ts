// The probes whose status is the API's own choice unless something says otherwise: an over-large
// body where no body limit is known (an app may set none: express.json's 100 kB is a default, not
// a rule), and a text/plain body where nothing says the operation refuses other types (a handler
// may read text itself). They are still sent; the answer, whatever its status, must be in the
// contract (a success, or an error in either shape), and an answer with the status they would
// have been held to is judged as that error.
import type { ConformanceCase } from '../cases.js';
import { type ConformanceResult, judgeCase } from '../run.js';
import type { ResponseSnapshot } from '../snapshot.js';

/**
 * What a contract-only probe would be held to, and why it is not.
 *
 * @example
 * const due: DueAnswer = { status: 413, code: 'payload_too_large', why: 'no body limit is documented or given (--body-limit)' };
 */
export interface DueAnswer {
  status: number;
  code: string;
  /** Why the status is not required, e.g. `'no body limit is documented or given (--body-limit)'`. */
  why: string;
}

/**
 * The case held only to the contract: any status, an error in the contract.
 *
 * @example
 * const kase = contractOnly(oversize, 'a 101 kB body answers in the contract');
 */
export function contractOnly(kase: ConformanceCase, name: string): ConformanceCase {
  return { ...kase, name, expected: { status: 'any' }, checked: true };
}

/**
 * Judges a contract-only probe: an answer with the due status as that error (a 413 must be the
 * contract's `payload_too_large`), any other as an answer in the contract, with a note saying
 * what was not required.
 *
 * @example
 * const { result, note } = judgeContractOnly(kase, due, await send(kase.request));
 */
export function judgeContractOnly(kase: ConformanceCase, due: DueAnswer, answer: ResponseSnapshot): { result: ConformanceResult; note?: string } {
  if (answer.status === due.status) return { result: judgeCase({ ...kase, expected: { status: due.status, code: due.code } }, answer) };
  return { result: judgeCase(kase, answer), note: `${due.status} not required: ${due.why}; the ${answer.status} was judged only to be in the contract` };
}
