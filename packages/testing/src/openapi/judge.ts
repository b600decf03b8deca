// One planned probe's answer judged: the contract's rules and the case's expectation (run.ts's
// `judgeCase`, the same as every other probe), then what the document adds: the Allow header
// against the methods it lists, the field a validation problem must name, and the error
// response it declares for the operation and status.
import { checkErrorContract, type ContractShape } from '../contract-check.js';
import { judgeContractOnly } from '../cli/contract-only.js';
import { judgeCase } from '../run.js';
import type { ResponseSnapshot } from '../snapshot.js';
import type { Operation } from './operations.js';
import type { PlannedProbe } from './plan.js';
import { answeredCodes, checkAgainst, checkDeclared, type DeclaredChecker, declaredResponse, unmatchedResponse } from './schema-check.js';

/**
 * A judged probe: checked (false when only reported), passed, the problems, and notes that fail
 * nothing.
 *
 * @example
 * const verdict: ProbeVerdict = judgeProbe(checker, probe, answer, { strictAccept: false });
 * if (verdict.checked && !verdict.passed) console.log(verdict.problems);
 */
export interface ProbeVerdict {
  checked: boolean;
  passed: boolean;
  problems: string[];
  notes: string[];
  shape?: ContractShape | 'not-contract';
  /** The codes the answer carried, when it was an error in the contract. */
  codes?: string[];
}

function methodList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((method) => method.trim().toUpperCase())
    .filter((method) => method !== '');
}

/**
 * The Allow header against the methods the document lists for the path: each listed method, and
 * nothing else but HEAD (where GET is) and OPTIONS, which frameworks add on their own.
 *
 * @example
 * allowProblems('GET, HEAD, PUT', ['GET', 'POST']);
 * // ['Allow lacks POST, which the document lists for the path', 'Allow names PUT, which the document does not list for the path']
 */
export function allowProblems(allow: string | undefined, listed: string[]): string[] {
  if (allow === undefined) return [];
  const got = methodList(allow);
  const extra = new Set(['OPTIONS', ...(listed.includes('GET') ? ['HEAD'] : [])]);
  const lacking = listed.filter((method) => !got.includes(method));
  const unlisted = got.filter((method) => !listed.includes(method) && !extra.has(method));
  const problems: string[] = [];
  if (lacking.length > 0) problems.push(`Allow lacks ${lacking.join(', ')}, which the document lists for the path`);
  if (unlisted.length > 0) problems.push(`Allow names ${unlisted.join(', ')}, which the document does not list for the path`);
  return problems;
}

/** Whether a validation problem names the field: `errors[].field` (detailed) or a message starting with it (compact). */
function fieldProblems(answer: ResponseSnapshot, field: string): string[] {
  const report = checkErrorContract(answer);
  if (report.shape === undefined) return [];
  const named = report.shape === 'detailed' ? report.fields.some((one) => one === field || one.startsWith(`${field}.`)) : report.messages.some((message) => message.startsWith(field));
  if (named) return [];
  const got = report.shape === 'detailed' ? `fields [${report.fields.join(', ')}]` : `messages [${report.messages.map((message) => JSON.stringify(message)).join(', ')}]`;
  return [`expected a field problem naming "${field}", got ${got}`];
}

/** The operation whose declaration judges the answer: for a wrong method, the path's operation that declares the status. */
function judgingOperation(checker: DeclaredChecker, probe: PlannedProbe, status: number): Operation | undefined {
  if (probe.pathOperations === undefined) return probe.operation;
  return probe.pathOperations.find((operation) => declaredResponse(checker.doc, operation, status) !== undefined) ?? probe.operation;
}

/**
 * Judges a planned probe's answer.
 *
 * @example
 * const verdict = judgeProbe(checker, probe, await send(probe.kase.request), { strictAccept: false });
 */
export function judgeProbe(checker: DeclaredChecker | undefined, probe: PlannedProbe, answer: ResponseSnapshot, options: { strictAccept: boolean }): ProbeVerdict {
  const { kase } = probe;
  const success = answer.status >= 200 && answer.status < 300;
  // RFC 9110 section 12.5.1: an API may serve JSON to any Accept; a success is reported, not failed
  if (probe.acceptProbe === true && success && !options.strictAccept) {
    const type = (answer.headers['content-type'] ?? 'no Content-Type').split(';')[0]!.trim();
    return { checked: false, passed: true, problems: [], notes: [`answered ${answer.status} (${type}) whatever the Accept`] };
  }
  // Without the credentials a secured operation asks for, its 401 comes first: the probe could
  // not check what it is for, so the 401 is judged as the contract's 401 and only reported.
  if (answer.status === 401 && probe.missingCredentials !== undefined && kase.id !== 'unauthenticated') {
    const asUnauthenticated = { ...kase, expected: { status: 401, code: 'unauthorized', headers: { 'www-authenticate': /\S/ } } };
    const result = judgeCase(asUnauthenticated, answer);
    const note = `not checked: the operation is secured and no ${probe.missingCredentials.join(' or ')} header was given (pass its credentials with -H)`;
    return { checked: result.problems.length > 0, passed: result.problems.length === 0, problems: result.problems, notes: [note], ...(result.shape === undefined ? {} : { shape: result.shape }) };
  }
  const expected = kase.id === 'missing-property' && answer.status === 422 ? { ...kase, expected: { ...kase.expected, status: 422 } } : kase;
  const notes: string[] = [];
  let result;
  if (probe.due === undefined) result = judgeCase(expected, answer);
  else {
    const judged = judgeContractOnly(kase, probe.due, answer);
    result = judged.result;
    if (judged.note !== undefined) notes.push(judged.note);
  }
  const problems = [...result.problems];
  if (kase.id === 'wrong-method' && answer.status === 405) problems.push(...allowProblems(answer.headers.allow, probe.pathOperations?.[0]?.pathMethods ?? []));
  if (probe.field !== undefined && answer.status >= 400) problems.push(...fieldProblems(answer, probe.field));
  // a request that matches no operation is held to the document's `x-unmatched-responses`
  const unmatched = checker !== undefined && answer.status >= 400 && (kase.id === 'unknown-path' || kase.id === 'wrong-method') ? unmatchedResponse(checker.doc, answer.status) : undefined;
  const operation = checker === undefined || unmatched !== undefined ? undefined : judgingOperation(checker, probe, answer.status);
  if (unmatched !== undefined) {
    const declared = checkAgainst(checker!, unmatched, kase.id === 'unknown-path' ? 'a path the document does not have' : `${kase.request.method} ${kase.request.path}`, answer);
    problems.push(...declared.problems);
    notes.push(...declared.notes);
  } else if (checker !== undefined && operation !== undefined && answer.status >= 400) {
    const declared = checkDeclared(checker, operation, answer);
    problems.push(...declared.problems);
    notes.push(...declared.notes);
  }
  // an Accept probe answered with an error is judged, whatever the policy
  const checked = kase.checked || probe.acceptProbe === true;
  const codes = answer.status >= 400 ? answeredCodes(answer.text) : [];
  return { checked, passed: problems.length === 0, problems, notes, ...(result.shape === undefined ? {} : { shape: result.shape }), ...(codes.length === 0 ? {} : { codes }) };
}
