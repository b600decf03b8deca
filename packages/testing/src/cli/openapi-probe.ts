// `error-contract probe` with the routes read from the API's OpenAPI document: find the document,
// list its operations under the base URL, plan their probes, send them paced and within budget,
// judge each answer. With no document found it says where it looked and runs the route probes of
// the base URL alone (probe.ts).
import type { ConformanceRequest } from '../cases.js';
import type { ResponseSnapshot } from '../snapshot.js';
import { type Send, senderFor } from '../transport.js';
import { type Discovery, discoverDocument, type FetchDocument, loadNamedDocument } from '../openapi/discover.js';
import { atPointer, type OpenApiDocument } from '../openapi/document.js';
import { listedCodes } from '@error-contract/core/openapi';
import { codesOfResponse } from '../openapi/declared-codes.js';
import { judgeProbe } from '../openapi/judge.js';
import { listOperations, type Operation } from '../openapi/operations.js';
import { BudgetSpentError, type Clock, createPacer, type Pacer, paced } from '../openapi/pace.js';
import { planProbes } from '../openapi/plan.js';
import { declaredChecker } from '../openapi/schema-check.js';
import { serverPrefix } from '../openapi/servers.js';
import { UsageError, type ProbeOptions } from './args.js';
import { judgeRun, type ProbeProgress, type ProbeReport, type ProbeRow, runProbes, UnreachableError } from './probe.js';

/**
 * What a run can be given besides its options: the clock the pacer waits on, and the sender
 * (both for tests; the real ones by default).
 *
 * @example
 * const deps: ProbeDeps = { clock: { now: () => t, sleep: async (ms) => void (t += ms) } };
 */
export interface ProbeDeps {
  clock?: Clock;
  /** Sends one request to a base URL (the paced sender wraps it); the request's path is below it. */
  sendTo?: (base: string, request: ConformanceRequest) => Promise<ResponseSnapshot>;
}

// A document in any of the types frameworks serve it as.
const DOCUMENT_ACCEPT = 'application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.1';

/** One sender per base URL (an origin, or the given base URL with its path), each request taken from the pacer first. */
function pacedSenders(options: ProbeOptions, pacer: Pacer, deps: ProbeDeps): (base: string) => Send {
  const senders = new Map<string, Send>();
  return (base) => {
    let send = senders.get(base);
    if (send === undefined) {
      const { sendTo } = deps;
      send = paced(pacer, sendTo === undefined ? senderFor({ baseUrl: base, timeoutMs: options.timeoutMs }) : (request: ConformanceRequest) => sendTo(base, request));
      senders.set(base, send);
    }
    return send;
  };
}

/**
 * The --route probe (probe.ts), held to the same budget and rate.
 *
 * @example
 * const report = await runRouteProbes(parseCommand(['probe', url, '--route', 'GET /widgets']).options);
 */
export function runRouteProbes(options: ProbeOptions, onProgress?: ProbeProgress, deps: ProbeDeps = {}): Promise<ProbeReport> {
  const pacer = createPacer({ maxRequests: options.maxRequests, rps: options.rps, ...(deps.clock === undefined ? {} : { clock: deps.clock }) });
  return runProbes(options, onProgress, pacedSenders(options, pacer, deps)(options.baseUrl.href));
}

/** The operations under the base URL's path; when none is, the document's paths are read below it. */
/**
 * One note per operation whose own codes (its `x-error-codes`, else those its listed error
 * responses pin) the probes never provoked: not a
 * failure, for most need a state the probe cannot make (another identity's 403, a 409).
 */
function unprovokedNotes(doc: OpenApiDocument, operations: Operation[], provoked: Set<string>): string[] {
  const notes: string[] = [];
  for (const operation of operations) {
    const raw = atPointer(doc, operation.pointer) as Record<string, unknown> | undefined;
    // its `x-error-codes`, else the codes its own listed error responses pin (a route's schemas)
    const own = raw?.['x-error-codes'] ?? (raw === undefined ? undefined : listedCodes(raw));
    if (!Array.isArray(own)) continue;
    const group = `${operation.method} ${operation.url}`;
    const statusOf = (code: string) => Object.keys(operation.responses).find((status) => codesOfResponse(doc, operation.responses[status])?.includes(code));
    const never = own.filter((code): code is string => typeof code === 'string' && !provoked.has(`${group} ${code}`)).map((code) => `${code} (${statusOf(code) ?? 'no status declared'})`);
    if (never.length > 0) notes.push(`${group} declares ${never.join(', ')}, which no probe provoked`);
  }
  return notes;
}

function operationsUnder(doc: OpenApiDocument, baseUrl: URL, notes: string[]): { all: number; probed: Operation[] } {
  const { prefix, note } = serverPrefix(doc, baseUrl);
  if (note !== undefined) notes.push(note);
  const all = listOperations(doc, prefix);
  const base = baseUrl.pathname.replace(/\/+$/, '');
  if (base === '' || all.length === 0) return { all: all.length, probed: all };
  const under = all.filter((operation) => operation.url === base || operation.url.startsWith(`${base}/`));
  if (under.length === all.length) return { all: all.length, probed: under };
  if (under.length > 0) {
    notes.push(`${under.length} of ${all.length} operations lie under ${baseUrl.pathname}: the others are not probed`);
    return { all: all.length, probed: under };
  }
  notes.push(`no operation's path lies under ${baseUrl.pathname}: the document's paths are read below it`);
  return { all: all.length, probed: listOperations(doc, `${base}${prefix}`) };
}

async function findDocument(options: ProbeOptions, fetchDocument: FetchDocument): Promise<Discovery> {
  if (options.openapi !== undefined) {
    try {
      return { document: await loadNamedDocument(options.openapi, fetchDocument), tried: [] };
    } catch (error) {
      // an unreadable file, an answer other than 200, no OpenAPI 3 document, or a spent budget
      throw new UsageError((error as Error).message);
    }
  }
  try {
    return await discoverDocument(fetchDocument, options.baseUrl);
  } catch (error) {
    if (error instanceof BudgetSpentError) throw new UsageError(`${error.message} before an OpenAPI document was found`);
    throw new UnreachableError(`cannot reach ${options.baseUrl.href}: ${(error as Error).message}`);
  }
}

/**
 * Runs the probe from the API's OpenAPI document: every operation under the base URL gets its
 * probes (a wrong method on its path, no Accept and a non-JSON Accept, no credentials, malformed
 * JSON, a text/plain body, an over-large body, a required property left out), each answer judged
 * against the contract and against the error response the document declares (the 413 and the 415
 * only where a limit is known or a 415 declared: planProbes). With no document found, the base
 * URL alone, and the verdict `not enough to judge`. At most
 * `maxRequests` requests, at most `rps` a second; probes that send a body or an unsafe method
 * only with `write`. Rejects with a UsageError (a document that cannot be read) or an
 * UnreachableError.
 *
 * @example
 * const report = await runOpenApiProbes(parseCommand(['probe', 'http://127.0.0.1:3000', '--write']).options);
 * process.exitCode = { keeps: 0, breaks: 1, 'not enough to judge': 3 }[report.verdict];
 */
export async function runOpenApiProbes(options: ProbeOptions, onProgress: ProbeProgress = () => {}, deps: ProbeDeps = {}): Promise<ProbeReport> {
  const pacer = createPacer({ maxRequests: options.maxRequests, rps: options.rps, ...(deps.clock === undefined ? {} : { clock: deps.clock }) });
  const senderAt = pacedSenders(options, pacer, deps);
  const { baseUrl } = options;
  const requests = () => ({ sent: pacer.spent, maxRequests: options.maxRequests, rps: options.rps });
  // credentials (-H) go to the API's own origin only, never to a document's other host
  const fetchDocument: FetchDocument = (url) =>
    senderAt(url.origin)({ method: 'GET', path: `${url.pathname}${url.search}`, headers: { accept: DOCUMENT_ACCEPT, ...(url.origin === baseUrl.origin ? options.headers : {}) } });

  const found = await findDocument(options, fetchDocument);
  const doc = found.document;
  if (doc === undefined) {
    const notes = ['no OpenAPI document found; tried:', ...found.tried.map((line) => `  ${line}`), 'probing the base URL alone, which is not enough to judge the API: name the document with --openapi, or routes with --route'];
    const report = await runProbes(options, onProgress, senderAt(baseUrl.href));
    return { ...report, notes, requests: requests() };
  }

  const notes = [`OpenAPI ${doc.openapi} document: ${doc.source}`];
  const { all, probed } = operationsUnder(doc, baseUrl, notes);
  const planned = planProbes(doc, probed, {
    headers: options.headers,
    write: options.write,
    strictAccept: options.strictAccept,
    strictContentType: options.strictContentType,
    ...(options.bodyLimitBytes === undefined ? {} : { bodyLimitBytes: options.bodyLimitBytes }),
    ...(options.forbiddenHeaders === undefined ? {} : { forbiddenHeaders: options.forbiddenHeaders }),
  });
  const held = planned.filter((probe) => probe.skipped?.includes('--write') === true).length;
  if (held > 0) notes.push(`${held} probes send a body or a method other than GET, HEAD and OPTIONS: they run with --write`);
  const checker = declaredChecker(doc);
  const send = senderAt(baseUrl.origin);
  const rows: ProbeRow[] = [];
  // `<operation> <code>` of every code an answer carried, for the declared codes never provoked
  const provoked = new Set<string>();
  const total = planned.filter((probe) => probe.skipped === undefined).length;
  let index = -1;
  for (const probe of planned) {
    const { kase } = probe;
    const base: ProbeRow = {
      name: kase.name,
      method: kase.request.method,
      path: kase.request.path,
      operation: probe.group,
      checked: kase.checked,
      passed: true,
      problems: [],
      ...(probe.due === undefined ? {} : { notRequired: { status: probe.due.status, why: probe.due.why } }),
    };
    if (probe.skipped !== undefined) {
      rows.push({ ...base, checked: false, skipped: probe.skipped });
      continue;
    }
    index += 1;
    onProgress({ index, total, name: `${probe.group}: ${kase.name}` });
    let row: ProbeRow;
    try {
      const answer = await send(kase.request);
      const verdict = judgeProbe(checker, probe, answer, { strictAccept: options.strictAccept });
      for (const code of verdict.codes ?? []) provoked.add(`${probe.group} ${code}`);
      row = { ...base, status: answer.status, checked: verdict.checked, passed: verdict.passed, problems: verdict.problems, ...(verdict.shape === undefined ? {} : { shape: verdict.shape }), ...(verdict.notes.length === 0 ? {} : { notes: verdict.notes }) };
    } catch (error) {
      row = error instanceof BudgetSpentError ? { ...base, checked: false, skipped: error.message } : { ...base, checked: true, passed: false, problems: [`no answer: ${(error as Error).message}`] };
    }
    rows.push(row);
    onProgress({ index, total, name: `${probe.group}: ${kase.name}`, row });
  }
  notes.push(...unprovokedNotes(doc, probed, provoked));
  const unsent = rows.filter((row) => row.skipped?.startsWith('the request budget') === true).length;
  if (unsent > 0) notes.push(`${unsent} probes not sent: the request budget (--max-requests ${options.maxRequests}) was spent`);
  return {
    baseUrl: baseUrl.href,
    ...judgeRun(rows, undefined),
    rows,
    notes,
    openapi: { source: doc.source, version: doc.openapi, operations: all, probed: probed.length },
    requests: requests(),
  };
}
