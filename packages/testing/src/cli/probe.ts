// The probes of `error-contract probe`: the conformance table built from what the command line
// and the API itself (its OPTIONS answer) tell about the routes, then run one probe at a time.
// Without --route (no document either) it probes the base URL alone, and says that is not enough
// to judge the API.
import { formatBytes } from '../bytes.js';
import { type ConformanceCase, type ConformanceRoutes, conformanceCases } from '../cases.js';
import type { ContractShape } from '../contract-check.js';
import { judgeCase } from '../run.js';
import { contractOnly, type DueAnswer, judgeContractOnly } from './contract-only.js';
import { BudgetSpentError } from '../openapi/pace.js';
import { type Send, senderFor } from '../transport.js';
import type { ProbeOptions, RouteArg } from './args.js';

/** One line of the report. */
export interface ProbeRow {
  name: string;
  method: string;
  path: string;
  status?: number;
  shape?: ContractShape | 'not-contract';
  /** False for probes only reported; a reported probe never fails the run. */
  checked: boolean;
  passed: boolean;
  problems: string[];
  /** Why the probe was not sent. */
  skipped?: string;
  /** The operation it belongs to (`'GET /api/widgets'`, or `'the API'`), when the routes came from a document. */
  operation?: string;
  /** What it found that fails nothing: a status the document does not declare, a success to a non-JSON Accept. */
  notes?: string[];
  /** A probe held only to the contract: the status it was not held to (413, 415), and why. */
  notRequired?: { status: number; why: string };
}

/**
 * The run's verdict: every checked probe passed and the routes were known (a document or
 * --route), a checked probe failed, or no probe failed but the run could not tell (no document
 * and no --route, or no probe checked). Exit codes 0, 1 and 3.
 *
 * @example
 * const code = { keeps: 0, breaks: 1, 'not enough to judge': 3 }[report.verdict];
 */
export type ProbeVerdict = 'keeps' | 'breaks' | 'not enough to judge';

/** The whole run. `passed` is whether the verdict is `keeps`. */
export interface ProbeReport {
  baseUrl: string;
  passed: boolean;
  verdict: ProbeVerdict;
  /** What the run could not check, one sentence each (said after the results). */
  notChecked: string[];
  rows: ProbeRow[];
  /** Said before the results: which document was used (or the places tried), what was left out. */
  notes?: string[];
  /** The document the routes came from. */
  openapi?: { source: string; version: string; operations: number; probed: number };
  /** Requests sent, and the limits they were held to. */
  requests?: { sent: number; maxRequests: number; rps: number };
}

/** Told before each probe is sent (`row` undefined) and after it is judged. */
export type ProbeProgress = (event: { index: number; total: number; name: string; row?: ProbeRow }) => void;

/**
 * The verdict and what was not checked, from the rows; `unjudged` says why the run cannot judge
 * the API whatever its rows (no document and no --route).
 *
 * @example
 * const { verdict, notChecked } = judgeRun(rows, undefined);
 */
export function judgeRun(rows: ProbeRow[], unjudged: string | undefined): Pick<ProbeReport, 'passed' | 'verdict' | 'notChecked'> {
  const notChecked = unjudged === undefined ? [] : [unjudged];
  const held = new Map<string, number>();
  for (const row of rows) {
    // an answer with the status it was not held to was judged as that error: nothing left unchecked
    if (row.notRequired === undefined || row.status === undefined || row.status === row.notRequired.status) continue;
    const key = `${row.notRequired.status} not required (${row.notRequired.why})`;
    held.set(key, (held.get(key) ?? 0) + 1);
  }
  for (const [key, count] of held) notChecked.push(`${key}: ${count} ${count === 1 ? 'answer was' : 'answers were'} judged only to be in the contract`);
  const checked = rows.filter((row) => row.checked);
  if (checked.length === 0) notChecked.push('no probe could be checked');
  const verdict: ProbeVerdict = checked.some((row) => !row.passed) ? 'breaks' : unjudged !== undefined || checked.length === 0 ? 'not enough to judge' : 'keeps';
  return { passed: verdict === 'keeps', verdict, notChecked };
}

/** The API did not answer the first request at all: the CLI reports it as a usage error. */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

const BODY_METHODS = ['POST', 'PUT', 'PATCH'];
const WRONG_METHOD_CANDIDATES = ['PUT', 'PATCH', 'DELETE', 'POST'];

function methodsOf(allow: string | undefined): string[] | undefined {
  if (allow === undefined || allow.trim() === '') return undefined;
  return allow.split(',').map((method) => method.trim().toUpperCase());
}

interface Discovery {
  existing: RouteArg | undefined;
  /** The existing path's methods, and whether they are known (Allow, --route) or guessed (HEAD). */
  methods: string[];
  known: boolean;
}

/** Asks the API which methods its probed path takes: OPTIONS's Allow, else HEAD, else the --route list. */
async function discover(send: Send, options: ProbeOptions, headers: Record<string, string>, path: string): Promise<Discovery> {
  const existing = options.routes.find((route) => route.method === 'GET');
  const given = options.routes.filter((route) => route.path === path).map((route) => route.method);
  let answer;
  try {
    answer = await send({ method: 'OPTIONS', path, headers });
  } catch (error) {
    throw new UnreachableError(`cannot reach ${options.baseUrl.href}: ${(error as Error).message}`);
  }
  const allowed = methodsOf(answer.headers.allow);
  if (allowed !== undefined) return { existing, methods: allowed, known: true };
  if (given.length > 0) return { existing, methods: [...given, 'HEAD', 'OPTIONS'], known: true };
  const head = await send({ method: 'HEAD', path, headers }).catch(() => undefined);
  const exists = head !== undefined && head.status >= 200 && head.status < 300;
  return { existing, methods: exists ? ['GET', 'HEAD', 'OPTIONS'] : [], known: false };
}

/** The routes for the table, and the probes that could not be built (with why). */
function routesFrom(options: ProbeOptions, path: string, found: Discovery): { routes: ConformanceRoutes; skipped: ProbeRow[] } {
  const skipped: ProbeRow[] = [];
  const routes: ConformanceRoutes = { existing: path, headers: options.headers, strictAccept: options.strictAccept };
  const wrong = WRONG_METHOD_CANDIDATES.find((method) => !found.methods.includes(method));
  if (wrong !== undefined && found.methods.length > 0) routes.wrongMethod = { path, method: wrong };
  else skipped.push(skip('a wrong method is 405 with Allow', path, "the path's methods are unknown: pass --route 'GET /path'"));

  const bodyRoute = options.routes.find((route) => BODY_METHODS.includes(route.method)) ?? (found.methods.includes('POST') ? { method: 'POST', path } : undefined);
  if (bodyRoute !== undefined) routes.jsonBody = { ...bodyRoute, ...(options.bodyLimitBytes === undefined ? {} : { maxBytes: options.bodyLimitBytes }) };
  else {
    const why = "no route known to take a JSON body: pass --route 'POST /path'";
    skipped.push(skip('malformed JSON is 400', path, why), skip('an over-large body is 413', path, why), skip('a text/plain body is 415', path, why));
  }
  return { routes, skipped };
}

interface RouteProbe {
  kase: ConformanceCase;
  due?: DueAnswer;
}

/**
 * The table's cases, with the body probes as the command line allows: the over-large body held
 * to 413 only with --body-limit, and a text/plain body (after malformed JSON) held to 415 only
 * with --strict-content-type; otherwise each only to the contract.
 */
function routeProbes(cases: ConformanceCase[], options: ProbeOptions): RouteProbe[] {
  const probes: RouteProbe[] = [];
  for (const kase of cases) {
    if (kase.id === 'oversize-body' && options.bodyLimitBytes === undefined) {
      const why = 'no body limit was given (--body-limit)';
      probes.push({ kase: contractOnly(kase, `a ${formatBytes(kase.request.body!.length)} body answers in the contract`), due: { status: 413, code: 'payload_too_large', why } });
    } else probes.push({ kase });
    if (kase.id !== 'malformed-json') continue;
    // RFC 9110 section 15.5.16: a body in a media type the route does not take is 415
    const plain: ConformanceCase = {
      ...kase,
      id: 'wrong-content-type',
      name: 'Content-Type text/plain is 415',
      request: { ...kase.request, headers: { ...kase.request.headers, 'content-type': 'text/plain' }, body: '{"a":1}' },
      expected: { status: 415, code: 'unsupported_media_type' },
    };
    if (options.strictContentType) probes.push({ kase: plain });
    else probes.push({ kase: contractOnly(plain, 'Content-Type text/plain answers in the contract'), due: { status: 415, code: 'unsupported_media_type', why: '--strict-content-type was not given' } });
  }
  return probes;
}

function skip(name: string, path: string, why: string): ProbeRow {
  return { name, method: '-', path, checked: false, passed: true, problems: [], skipped: why };
}

/** A case's flag, adjusted for what the CLI only guessed. */
function isChecked(kase: ConformanceCase, options: ProbeOptions, found: Discovery): boolean {
  if (kase.id === 'existing') return found.existing !== undefined;
  if (kase.id === 'wrong-method') return found.known;
  return kase.checked;
}

/**
 * Runs the probes against a live API, one at a time, built from the --route options (the
 * OpenAPI probe, `runOpenApiProbes`, falls back to it when the API has no document: without
 * --route the verdict is then `not enough to judge`). `paced` sends them (held to a budget and a
 * rate); without it they go straight to the base URL.
 *
 * @example
 * const report = await runProbes(parsed.options, (event) => process.stderr.write(`${event.name}\n`));
 * process.exitCode = { keeps: 0, breaks: 1, 'not enough to judge': 3 }[report.verdict];
 */
export async function runProbes(options: ProbeOptions, onProgress: ProbeProgress = () => {}, paced?: Send): Promise<ProbeReport> {
  const send = paced ?? senderFor({ baseUrl: options.baseUrl.href, timeoutMs: options.timeoutMs });
  const headers = { accept: 'application/json', ...options.headers };
  const path = options.routes.find((route) => route.method === 'GET')?.path ?? options.routes[0]?.path ?? '/';
  const found = await discover(send, options, headers, path);
  const { routes, skipped } = routesFrom(options, path, found);
  const probes = routeProbes(conformanceCases(routes), options);

  const rows: ProbeRow[] = [];
  const total = probes.length;
  for (const [index, { kase, due }] of probes.entries()) {
    onProgress({ index, total, name: kase.name });
    const checked = isChecked(kase, options, found);
    let row: ProbeRow = { name: kase.name, method: kase.request.method, path: kase.request.path, checked, passed: false, problems: [], ...(due === undefined ? {} : { notRequired: { status: due.status, why: due.why } }) };
    try {
      const answer = await send(kase.request);
      const judged = due === undefined ? { result: judgeCase(kase, answer) } : judgeContractOnly(kase, due, answer);
      const { result } = judged;
      row = { ...row, status: answer.status, passed: result.passed, problems: result.problems, ...(result.shape === undefined ? {} : { shape: result.shape }), ...(judged.note === undefined ? {} : { notes: [judged.note] }) };
    } catch (error) {
      if (error instanceof BudgetSpentError) row = { ...row, checked: false, passed: true, skipped: error.message };
      else row.problems = [`no answer: ${(error as Error).message}`];
    }
    rows.push(row);
    onProgress({ index, total, name: kase.name, row });
  }
  rows.push(...skipped);
  const unjudged = options.routes.length > 0 ? undefined : 'whether the API keeps the contract on its own routes: with no OpenAPI document and no --route only the base URL was probed (name the document with --openapi, or routes with --route)';
  return { baseUrl: options.baseUrl.href, ...judgeRun(rows, unjudged), rows };
}
