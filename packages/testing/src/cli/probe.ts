// The probes of `error-contract probe`: the conformance table built from what the command line
// and the API itself (its OPTIONS answer) tell about the routes, then run one probe at a time.
import { type ConformanceCase, type ConformanceRoutes, conformanceCases } from '../cases.js';
import type { ContractShape } from '../contract-check.js';
import { judgeCase } from '../run.js';
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
}

/** The whole run. `passed` is whether every checked probe passed. */
export interface ProbeReport {
  baseUrl: string;
  passed: boolean;
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
  if (bodyRoute !== undefined) routes.jsonBody = { ...bodyRoute, maxBytes: options.maxBodyBytes };
  else {
    const why = "no route known to take a JSON body: pass --route 'POST /path'";
    skipped.push(skip('malformed JSON is 400', path, why), skip('an over-large body is 413', path, why));
  }
  return { routes, skipped };
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
 * OpenAPI probe, `runOpenApiProbes`, falls back to it when the API has no document). `paced` sends
 * them (held to a budget and a rate); without it they go straight to the base URL.
 *
 * @example
 * const report = await runProbes(parsed.options, (event) => process.stderr.write(`${event.name}\n`));
 * process.exitCode = report.passed ? 0 : 1;
 */
export async function runProbes(options: ProbeOptions, onProgress: ProbeProgress = () => {}, paced?: Send): Promise<ProbeReport> {
  const send = paced ?? senderFor({ baseUrl: options.baseUrl.href, timeoutMs: options.timeoutMs });
  const headers = { accept: 'application/json', ...options.headers };
  const path = options.routes.find((route) => route.method === 'GET')?.path ?? options.routes[0]?.path ?? '/';
  const found = await discover(send, options, headers, path);
  const { routes, skipped } = routesFrom(options, path, found);
  const cases = conformanceCases(routes);

  const rows: ProbeRow[] = [];
  const total = cases.length;
  for (const [index, kase] of cases.entries()) {
    onProgress({ index, total, name: kase.name });
    const checked = isChecked(kase, options, found);
    let row: ProbeRow = { name: kase.name, method: kase.request.method, path: kase.request.path, checked, passed: false, problems: [] };
    try {
      const result = judgeCase(kase, await send(kase.request));
      row = { ...row, status: result.response!.status, passed: result.passed, problems: result.problems, ...(result.shape === undefined ? {} : { shape: result.shape }) };
    } catch (error) {
      if (error instanceof BudgetSpentError) row = { ...row, checked: false, passed: true, skipped: error.message };
      else row.problems = [`no answer: ${(error as Error).message}`];
    }
    rows.push(row);
    onProgress({ index, total, name: kase.name, row });
  }
  rows.push(...skipped);
  return { baseUrl: options.baseUrl.href, passed: rows.every((row) => !row.checked || row.passed), rows };
}
