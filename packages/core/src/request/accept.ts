// Does an Accept header admit JSON? Read in one linear pass, by the rules of RFC 9110 section
// 12.5.1 (the most specific range decides, q=0 refuses). A hand-written reader, not a general
// negotiator: a client controls this header, and a general one cost ~12 ms of CPU on a 16 KB
// header (it sorts every range), which let one client hold a server to ~80 requests a second.

interface AcceptVerdict {
  /** Some JSON type is acceptable with q > 0. */
  json: boolean;
  /** `application/problem+json` is named with q > 0. */
  problemJson: boolean;
}

// RFC 6839 section 3.1: any `+json` structured syntax suffix is JSON.
const PLUS_JSON = /^application\/[^/;\s]+\+json$/;
const MEDIA_RANGE = /^([^\s/;]+)\/([^\s;]+)$/;

/** How one range matches a candidate with no parameters: specificity (2 exact, 1 `type/*`, 0 `*\/*`), its q, its place. */
interface Match {
  specificity: number;
  q: number;
  index: number;
}

/** A best match so far for one candidate type; the more specific range wins, then the higher q, then the later. */
function better(current: Match | undefined, next: Match): Match {
  if (current === undefined) return next;
  if (next.specificity !== current.specificity) return next.specificity > current.specificity ? next : current;
  if (next.q !== current.q) return next.q > current.q ? next : current;
  return next;
}

/** Splits on `sep` outside double quotes (a quoted parameter value may hold commas). */
function splitOutsideQuotes(text: string, sep: string): string[] {
  if (text.indexOf('"') === -1) return text.split(sep);
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (char === sep && !quoted) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

interface Range {
  type: string;
  subtype: string;
  q: number;
  /** Parameters other than q (which must match the candidate, and our candidates have none). */
  hasParams: boolean;
}

function parseRange(text: string): Range | undefined {
  const [head = '', ...params] = splitOutsideQuotes(text, ';');
  const match = MEDIA_RANGE.exec(head.trim());
  if (match === null) return undefined;
  let q = 1;
  let hasParams = false;
  for (const param of params) {
    const equals = param.indexOf('=');
    if (equals === -1) continue;
    const key = param.slice(0, equals).trim().toLowerCase();
    if (key === 'q') {
      // What follows q are accept-extensions, not media type parameters.
      const value = Number.parseFloat(param.slice(equals + 1).trim().replace(/^"|"$/g, ''));
      q = Number.isFinite(value) ? value : 0;
      break;
    }
    if (key !== '') hasParams = true;
  }
  return { type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), q, hasParams };
}

function specificityFor(range: Range, type: string, subtype: string): number | undefined {
  if (range.hasParams) return undefined;
  if (range.type === '*') return range.subtype === '*' ? 0 : undefined;
  if (range.type !== type) return undefined;
  if (range.subtype === '*') return 1;
  return range.subtype === subtype ? 2 : undefined;
}

function judge(accept: string): AcceptVerdict {
  let json: Match | undefined;
  let problem: Match | undefined;
  let listsJson = false;
  let listsProblemJson = false;
  const ranges = splitOutsideQuotes(accept, ',');
  for (let index = 0; index < ranges.length; index++) {
    const range = parseRange(ranges[index]!);
    if (range === undefined) continue;
    const named = `${range.type}/${range.subtype}`;
    // A range that names a JSON type with q > 0 admits it, parameters or not.
    if (range.q > 0 && (named === 'application/json' || PLUS_JSON.test(named))) listsJson = true;
    if (range.q > 0 && named === 'application/problem+json') listsProblemJson = true;
    const forJson = specificityFor(range, 'application', 'json');
    if (forJson !== undefined) json = better(json, { specificity: forJson, q: range.q, index });
    const forProblem = specificityFor(range, 'application', 'problem+json');
    if (forProblem !== undefined) problem = better(problem, { specificity: forProblem, q: range.q, index });
  }
  const negotiated = (json !== undefined && json.q > 0) || (problem !== undefined && problem.q > 0);
  return { json: negotiated || listsJson, problemJson: listsProblemJson };
}

// Clients send few distinct Accept values, and this check runs on every request, so verdicts are
// memoised. Bounded in both count and key length so a client cannot grow it; the last long header
// is kept apart, so that the two reads of one request (refusal, then content type) judge it once.
const verdicts = new Map<string, AcceptVerdict>();
const MAX_VERDICTS = 256;
const MAX_MEMO_KEY = 256;
let lastLong: { accept: string; verdict: AcceptVerdict } | undefined;

function verdictFor(accept: string): AcceptVerdict {
  if (accept.length > MAX_MEMO_KEY) {
    if (lastLong !== undefined && lastLong.accept === accept) return lastLong.verdict;
    const verdict = judge(accept);
    lastLong = { accept, verdict };
    return verdict;
  }
  let verdict = verdicts.get(accept);
  if (verdict !== undefined) return verdict;
  verdict = judge(accept);
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(accept, verdict);
  return verdict;
}

/**
 * Whether an Accept header admits a JSON response: `application/json`, `application/problem+json`,
 * any `+json` type, `application/*` or `*\/*`, honouring `q=0` (RFC 9110 section 12.5.1).
 * Returns `undefined` when the header is missing or blank, so that a caller can tell the client
 * which of the two mistakes it made. Linear in the header's length.
 *
 * @example
 * acceptsJson('application/json'); // true
 * acceptsJson('text/html'); // false
 * acceptsJson('application/json;q=0, text/html'); // false
 * acceptsJson(undefined); // undefined
 */
export function acceptsJson(accept: string | null | undefined): boolean | undefined {
  if (accept === undefined || accept === null || accept.trim() === '') return undefined;
  return verdictFor(accept).json;
}

/**
 * Whether an Accept header names `application/problem+json` (RFC 9457 section 3): then the
 * detailed shape is sent with that media type.
 *
 * @example
 * acceptsProblemJson('application/problem+json, application/json;q=0.9'); // true
 * acceptsProblemJson('*\/*'); // false
 */
export function acceptsProblemJson(accept: string | null | undefined): boolean {
  if (accept === undefined || accept === null || accept.trim() === '') return false;
  return verdictFor(accept).problemJson;
}
