// The bytes of the bodies most errors have (no field errors, no extensions, no trace id), with
// what repeats for a code serialised once. JSON.stringify of a whole detailed body costs about
// 0.6 µs; with `type`, `title`, `status` and a generic `detail` kept as text per code, a request
// pays only for its `instance` (about 0.2 µs). The output is byte for byte JSON.stringify's.
import type { Settings } from '../contract/options.js';
import type { Problem } from '../types.js';

/** The serialised parts of one code's plain bodies (see {@link plainBody}). */
export interface Serialized {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  /** `{"type":…,"title":…,"status":…,"detail":` */
  beforeDetail: string;
  /** `beforeDetail` with this `detail` and `,"instance":` */
  beforeInstance: string;
  /** `,"code":…}` */
  afterInstance: string;
  /** The whole compact body: it has no instance. */
  compact: string;
}

// One per contract (settings), bounded: the codes a service answers with are few; a contract with
// more than this many codes still renders correctly, without the cache for the rest.
const BY_SETTINGS = new WeakMap<Settings, Map<string, Serialized>>();
const MAX_CODES = 256;

/** The serialised parts of `problem`'s code, made once per contract and code. */
export function serializedFor(settings: Settings, problem: Problem): Serialized {
  let byCode = BY_SETTINGS.get(settings);
  if (byCode === undefined) BY_SETTINGS.set(settings, (byCode = new Map()));
  const known = byCode.get(problem.code);
  // One code can render with other texts (a language, a catalog title): the cache keeps the last.
  if (known !== undefined && known.type === problem.type && known.title === problem.title && known.status === problem.status) return known;
  const { type, title, status, detail, code } = problem;
  const beforeDetail = `{"type":${JSON.stringify(type)},"title":${JSON.stringify(title)},"status":${status},"detail":`;
  const made: Serialized = {
    type,
    title,
    status,
    detail,
    code,
    beforeDetail,
    beforeInstance: `${beforeDetail}${JSON.stringify(detail)},"instance":`,
    afterInstance: `,"code":${JSON.stringify(code)}}`,
    compact: JSON.stringify({ errors: [{ code, message: detail }] }),
  };
  if (byCode.size < MAX_CODES || known !== undefined) byCode.set(code, made);
  return made;
}

/** Whether an object has an enumerable member (without making an array of its keys). */
export function hasMembers(record: Record<string, unknown>): boolean {
  for (const _ in record) return true;
  return false;
}

/**
 * The body of `problem` as text when it is one of the plain ones (no field errors, no extensions,
 * no trace id member), else undefined and the caller builds the object.
 */
export function plainBody(settings: Settings, problem: Problem, shape: 'detailed' | 'compact'): string | undefined {
  if (problem.fieldErrors.length > 0 || hasMembers(problem.extensions)) return undefined;
  if (settings.traceField !== undefined && problem.traceId !== undefined) return undefined;
  // Only the types JSON.stringify writes the way this text does (an undefined member it leaves out).
  if (typeof problem.type !== 'string' || typeof problem.title !== 'string' || typeof problem.detail !== 'string' || typeof problem.instance !== 'string') return undefined;
  if (typeof problem.code !== 'string' || !Number.isInteger(problem.status)) return undefined;
  return bodyFrom(serializedFor(settings, problem), problem, shape);
}

// Text JSON.stringify writes as it is between quotes: printable ASCII but `"` and `\`. Paths are
// nearly always this; the check costs a third of JSON.stringify on them.
const VERBATIM_IN_JSON = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `JSON.stringify(text)`, byte for byte, without its cost for the common text. */
export function jsonString(text: string): string {
  return VERBATIM_IN_JSON.test(text) ? `"${text}"` : JSON.stringify(text);
}

/**
 * The plain body of `problem` from its code's serialised parts: only its detail (when it is not
 * the code's) and its instance are serialised per request. The caller has checked that `problem`
 * is plain (see {@link plainBody}) and that `serialized` is its code's.
 */
export function bodyFrom(serialized: Serialized, problem: Problem, shape: 'detailed' | 'compact'): string {
  if (shape === 'compact') return problem.detail === serialized.detail ? serialized.compact : JSON.stringify({ errors: [{ code: problem.code, message: problem.detail }] });
  const head = problem.detail === serialized.detail ? serialized.beforeInstance : `${serialized.beforeDetail}${jsonString(problem.detail)},"instance":`;
  return `${head}${jsonString(problem.instance)}${serialized.afterInstance}`;
}
