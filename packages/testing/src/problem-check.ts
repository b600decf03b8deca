// One expected problem against one answer: first the contract's own rules, then what the test
// asked for. Every difference is named, so a failure says what to fix.
import { type ContractReport, type ContractShape, checkErrorContract } from './contract-check.js';
import type { ResponseSnapshot } from './snapshot.js';

/**
 * What `toBeProblem` expects. Members left out are not checked.
 *
 * @example
 * const expected: ProblemExpectation = { status: 400, code: 'validation_failed', shape: 'detailed', fields: ['name'] };
 */
export interface ProblemExpectation {
  /** The HTTP status, e.g. `404`. */
  status?: number;
  /** The error code, e.g. `'not_found'`; in the compact shape every element must carry it. */
  code?: string;
  /** Which of the two shapes the body must be in. */
  shape?: ContractShape;
  /** The offending fields, in order (`errors[].field`, or the names compact messages start with). */
  fields?: string[];
  /** Headers that must be present: an exact value, or a pattern. */
  headers?: Record<string, string | RegExp>;
}

function list(values: string[]): string {
  return `[${values.join(', ')}]`;
}

function checkHeaders(response: ResponseSnapshot, expected: Record<string, string | RegExp>, problems: string[]): void {
  for (const [name, want] of Object.entries(expected)) {
    const got = response.headers[name.toLowerCase()];
    const ok = got !== undefined && (typeof want === 'string' ? got === want : want.test(got));
    if (!ok) problems.push(`expected header ${name.toLowerCase()}: ${String(want)}, got ${got === undefined ? 'none' : got}`);
  }
}

function checkFields(report: ContractReport, expected: string[], problems: string[]): void {
  if (report.shape === 'compact') {
    // compact elements carry no field member: each message names its field first, in order
    const { messages } = report;
    const ok = messages.length === expected.length && expected.every((field, index) => messages[index]!.startsWith(field));
    if (!ok) problems.push(`expected fields ${list(expected)}, got messages ${list(messages.map((message) => JSON.stringify(message)))}`);
  } else if (list(report.fields) !== list(expected)) {
    problems.push(`expected fields ${list(expected)}, got ${list(report.fields)}`);
  }
}

/**
 * Checks an answer against the contract and against one expected problem; returns the contract
 * report with every difference added to its `problems`.
 *
 * @example
 * const { problems } = checkProblem(snapshot, { status: 404, code: 'not_found' });
 * // ['expected status 404, got 405', 'expected code not_found, got method_not_allowed']
 */
export function checkProblem(response: ResponseSnapshot, expected: ProblemExpectation): ContractReport {
  const report = checkErrorContract(response);
  // the status first: it is the error class (the spec's rule 2), and what a reader looks for first
  const problems: string[] = [];
  if (expected.status !== undefined && response.status !== expected.status) problems.push(`expected status ${expected.status}, got ${response.status}`);
  problems.push(...report.problems);
  report.problems = problems;
  // a body in neither shape has no code to compare: the contract's problems already say why
  if (expected.code !== undefined && report.shape !== undefined) {
    const wrong = report.codes.find((code) => code !== expected.code);
    if (report.codes.length === 0) problems.push(`expected code ${expected.code}, got none`);
    else if (wrong !== undefined) problems.push(`expected code ${expected.code}, got ${wrong}`);
  }
  if (expected.shape !== undefined && report.shape !== undefined && report.shape !== expected.shape) {
    problems.push(`expected the ${expected.shape} shape, got ${report.shape}`);
  }
  if (expected.fields !== undefined) checkFields(report, expected.fields, problems);
  checkHeaders(response, expected.headers ?? {}, problems);
  return report;
}
