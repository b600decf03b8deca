// Our own plain problems (a route miss, a refusal before routing, a factory's error without field
// errors or extensions) are decided the same way every time, but for the request's path and the
// error's own text: their status, code, title, type, generic detail, headers and the bytes around
// the path and the text are decided once per contract, status, code, headers and language (by the
// same `decide`, `serializedFor` and `responseHeaders` as every other error), and a request pays
// for its path and the splice only. In Fastify, `respond`'s cost for a 404 over a server that
// writes the same bytes went from 1.156 to 1.123 times that server's with this alone
// (bench/findings.md, issue 43).
import { PROBLEM_MARK, type ProblemInit } from '../failures/contract-error.js';
import { safeInstance } from './fallback.js';
import { responseHeaders } from './headers.js';
import { languageFor } from './language.js';
import { decide, ownText, shownText } from '../deciding/normalize.js';
import type { Settings } from '../contract/options.js';
import { hasMembers, type Serialized, serializedFor } from './serialize.js';
import type { Problem, RequestLike } from '../types.js';

/** What is decided once for a kind of plain problem. */
export interface CompiledAnswer {
  /** The problem decided for the first request of this kind (its detail the generic one). */
  readonly decided: Problem;
  readonly serialized: Serialized;
  /** The response headers for `application/json` and for `application/problem+json`. */
  readonly jsonHeaders: Readonly<Record<string, string>>;
  readonly problemJsonHeaders: Readonly<Record<string, string>>;
  readonly headerCount: number;
}

/** The compiled answers of one contract. */
export interface CompiledAnswers {
  /** The answer for one of our problems when it is a plain one, else undefined. Never throws. */
  answerFor(error: ProblemInit, request: RequestLike): CompiledAnswer | undefined;
}

// Kinds are few (a status, a code, an Allow value per resource, a language): the memory is bounded
// all the same, forgotten at once when full, as the contract's other memos are.
const MAX_KINDS = 256;

// The kinds are found through one map per part of the key (status, code, language, header name,
// header value) rather than by a key made of them: every part is a number or a string that already
// exists (an Allow value comes from the route-miss memo), whose hash V8 keeps, where a key made per
// request would be a new string to hash each time (a fifth of a 405's own cost, measured).
type Level = Map<unknown, unknown>;

function below(level: Level, part: unknown): Level {
  let next = level.get(part) as Level | undefined;
  if (next === undefined) level.set(part, (next = new Map()));
  return next;
}

/**
 * The compiled answers of a contract, or undefined when its answers depend on the request beyond
 * its path, language and Accept (an `extensions` hook, a trace id member, stacks in development).
 */
export function compiledAnswers(settings: Settings): CompiledAnswers | undefined {
  if (settings.extensions !== undefined || settings.traceField !== undefined || settings.exposeInternalErrors) return undefined;
  let kinds: Level = new Map();
  let count = 0;

  function compile(error: ProblemInit, request: RequestLike): CompiledAnswer | undefined {
    // the same decision as any other request of this kind, without the error's own text
    const decided = decide(settings, { [PROBLEM_MARK]: true, status: error.status, code: error.code, headers: error.headers }, request);
    if (decided.fieldErrors.length > 0 || hasMembers(decided.extensions) || decided.traceId !== undefined) return undefined;
    // not frozen: a frozen object's spread costs three times a plain one's; they are never handed out
    const jsonHeaders = responseHeaders(decided, 'application/json');
    const problemJsonHeaders = responseHeaders(decided, 'application/problem+json');
    return { decided, serialized: serializedFor(settings, decided), jsonHeaders, problemJsonHeaders, headerCount: Object.keys(decided.headers).length };
  }

  return {
    answerFor(error, request) {
      try {
        const { status, code, headers, fieldErrors, extensions } = error;
        if (typeof status !== 'number' || (code !== undefined && typeof code !== 'string')) return undefined;
        if ((fieldErrors !== undefined && fieldErrors.length !== 0) || (extensions !== undefined && hasMembers(extensions))) return undefined;
        // at most one header (a 405's Allow, a 401's challenge, a 429's Retry-After), and only text:
        // other values are sanitised into text in ways a key could not tell apart
        let headerName: string | undefined;
        let headerValue: string | undefined;
        if (headers !== undefined) {
          for (const name in headers) {
            const value = headers[name];
            if (headerName !== undefined || typeof value !== 'string') return undefined;
            headerName = name;
            headerValue = value;
          }
        }
        const language = settings.languages === undefined ? undefined : languageFor(settings, request);
        const leaf = below(below(below(below(kinds, status), code ?? ''), language), headerName);
        const known = leaf.get(headerValue) as CompiledAnswer | undefined;
        if (known !== undefined) return known;
        const made = compile(error, request);
        if (made === undefined) return undefined;
        if (count >= MAX_KINDS) {
          kinds = new Map();
          count = 0;
          below(below(below(below(kinds, status), code ?? ''), language), headerName).set(headerValue, made);
        } else leaf.set(headerValue, made);
        count++;
        return made;
      } catch {
        // a value that only looks like ours (a throwing getter) is decided the long way, guarded
        return undefined;
      }
    },
  };
}

/**
 * The problem of one request of a compiled kind: its instance and the error's own text (when it
 * may be shown) on the decided members. A problem of its own: `onError` may tag what it is
 * handed. Undefined when the error cannot be read (then it is decided the long way).
 */
export function compiledProblem(answer: CompiledAnswer, error: ProblemInit, request: RequestLike): Problem | undefined {
  let text: string | undefined;
  try {
    text = ownText(error);
  } catch {
    return undefined;
  }
  const { decided } = answer;
  return {
    status: decided.status,
    code: decided.code,
    title: decided.title,
    detail: shownText(decided.exposed, text, decided.status) ?? decided.detail,
    type: decided.type,
    instance: safeInstance(request),
    fieldErrors: [],
    headers: answer.headerCount === 0 ? {} : { ...decided.headers },
    extensions: {},
    exposed: decided.exposed,
    traceId: undefined,
    language: decided.language,
  };
}

/**
 * Whether a problem is still as compiled after `onError` had it (a hook may change what it is
 * handed; what it changed is then rendered the long way, as before).
 */
export function stillCompiled(answer: CompiledAnswer, problem: Problem): boolean {
  const { decided } = answer;
  if (problem.status !== decided.status || problem.code !== decided.code || problem.title !== decided.title || problem.type !== decided.type) return false;
  if (typeof problem.detail !== 'string' || typeof problem.instance !== 'string' || problem.traceId !== undefined || problem.language !== decided.language) return false;
  if (problem.fieldErrors.length !== 0 || hasMembers(problem.extensions)) return false;
  let count = 0;
  for (const name in problem.headers) {
    if (problem.headers[name] !== decided.headers[name]) return false;
    count++;
  }
  return count === answer.headerCount;
}
