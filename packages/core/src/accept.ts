import Negotiator from 'negotiator';

interface AcceptVerdict {
  /** Some JSON type is acceptable with q > 0. */
  json: boolean;
  /** `application/problem+json` is named with q > 0. */
  problemJson: boolean;
}

const JSON_TYPES = ['application/json', 'application/problem+json'];
const PROBLEM_JSON = 'application/problem+json';
// RFC 6839 section 3.1: any `+json` structured syntax suffix is JSON.
const PLUS_JSON = /^application\/[^/;\s]+\+json$/;
const REFUSED: AcceptVerdict = Object.freeze({ json: false, problemJson: false });

// Clients send few distinct Accept values, and this check runs on every request, so verdicts are
// memoised. Bounded in both count and key length so a client cannot grow it.
const verdicts = new Map<string, AcceptVerdict>();
const MAX_VERDICTS = 256;
const MAX_MEMO_KEY = 256;

function judge(accept: string): AcceptVerdict {
  try {
    const negotiator = new Negotiator({ headers: { accept } });
    // Negotiator applies specificity and q=0, so `application/json;q=0, */*` refuses JSON;
    // the list it returns without arguments holds only the types with q > 0.
    const listed = negotiator.mediaTypes().map((type) => type.toLowerCase());
    // Listed types carry no parameters, so `application/json; charset=utf-8` is found here too.
    const json =
      negotiator.mediaTypes(JSON_TYPES).length > 0 || listed.some((type) => type === 'application/json' || PLUS_JSON.test(type));
    return { json, problemJson: listed.includes(PROBLEM_JSON) };
  } catch {
    // A header negotiator cannot parse admits nothing we can promise to send.
    return REFUSED;
  }
}

function verdictFor(accept: string): AcceptVerdict {
  let verdict = verdicts.get(accept);
  if (verdict !== undefined) return verdict;
  verdict = judge(accept);
  if (accept.length <= MAX_MEMO_KEY) {
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(accept, verdict);
  }
  return verdict;
}

/**
 * Whether an Accept header admits a JSON response: `application/json`, `application/problem+json`,
 * any `+json` type, `application/*` or `*\/*`, honouring `q=0` (RFC 9110 section 12.5.1).
 * Returns `undefined` when the header is missing or blank, so that an adapter can tell the
 * client which of the two mistakes it made; both are answered with 406.
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
