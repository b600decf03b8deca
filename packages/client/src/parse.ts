import { codeForStatus, reasonPhrase } from '@error-contract/http-status';
import { ApiError, type ApiFieldError, type ApiProblem, type BodyShape } from './api-error.js';
import { arrayMember, isObject, type Json, stringMember } from './read.js';

/** Bodies larger than this are kept as text, not parsed. */
export const MAX_PARSED_LENGTH = 1_000_000;
const MAX_ITEMS = 1000;
const DETAILED_MEMBERS = ['type', 'title', 'status', 'detail', 'instance', 'code', 'errors'];

function asStatus(status: unknown): number {
  // The status line is authoritative; a value that is no status at all is read as a 500.
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
}

function toHeaders(headers: HeadersInit | undefined): Headers {
  try {
    return new Headers(headers);
  } catch {
    return new Headers();
  }
}

/** A string body is JSON if it parses; anything else is kept as it came. */
function decode(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (text === '' || text.length > MAX_PARSED_LENGTH || !/^[[{"]|^(?:null|true|false|-?\d)/.test(text)) return body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return body;
  }
}

function fieldErrorsOf(entries: unknown[]): ApiFieldError[] {
  const found: ApiFieldError[] = [];
  for (const entry of entries.slice(0, MAX_ITEMS)) {
    if (!isObject(entry)) continue;
    const field = typeof entry.field === 'string' ? entry.field : undefined;
    const detail = stringMember(entry, 'detail') ?? stringMember(entry, 'message');
    if (field !== undefined && detail !== undefined) found.push({ field, detail });
  }
  return found;
}

function compactProblemsOf(entries: unknown[], fallbackCode: string, fallbackMessage: string): ApiProblem[] {
  const found: ApiProblem[] = [];
  for (const entry of entries.slice(0, MAX_ITEMS)) {
    if (!isObject(entry)) continue;
    const code = stringMember(entry, 'code');
    const message = stringMember(entry, 'message');
    if (code === undefined && message === undefined) continue;
    found.push({ code: code ?? fallbackCode, message: message ?? fallbackMessage });
  }
  return found;
}

/**
 * Reads an error body in either shape into an {@link ApiError}. `body` is the parsed JSON or the
 * raw text. Never throws: a member of the wrong type is ignored, a `status` in the body that
 * disagrees with the HTTP status is ignored, and a body that is not JSON (HTML, text, empty) still
 * gives an error with the status's code and reason phrase.
 *
 * @example
 * const error = parseErrorBody(404, { errors: [{ code: 'not_found', message: 'No widget 9' }] });
 * error.code; // 'not_found'
 * error.shape; // 'compact'
 */
export function parseErrorBody<C extends string = string>(status: number, body: unknown, headers?: HeadersInit): ApiError<C> {
  const httpStatus = asStatus(status);
  const derivedCode = codeForStatus(httpStatus);
  const phrase = reasonPhrase(httpStatus);
  try {
    const parsed = decode(body);
    const object = isObject(parsed) ? parsed : undefined;
    const detailed = object !== undefined && DETAILED_MEMBERS.some((key) => key !== 'errors' && key in object);
    const errors = arrayMember(object, 'errors') ?? [];
    const fieldErrors = fieldErrorsOf(errors);
    const code = stringMember(object, 'code');
    const detail = stringMember(object, 'detail');
    const title = stringMember(object, 'title');
    const compactProblems = compactProblemsOf(errors, code ?? derivedCode, detail ?? title ?? phrase);

    let shape: BodyShape = 'unknown';
    let problems: ApiProblem[] = [];
    if (detailed) {
      shape = 'detailed';
      const ownCode = code ?? compactProblems[0]?.code ?? derivedCode;
      problems =
        fieldErrors.length > 0
          ? fieldErrors.map((entry) => ({ code: ownCode, message: `${entry.field}: ${entry.detail}` }))
          : compactProblems.length > 0
            ? compactProblems
            : [{ code: ownCode, message: detail ?? title ?? phrase }];
    } else if (compactProblems.length > 0) {
      shape = 'compact';
      problems = compactProblems;
    } else {
      problems = [{ code: derivedCode, message: phrase }];
    }

    const extensions: Json = {};
    if (object !== undefined) for (const key of Object.keys(object)) if (!DETAILED_MEMBERS.includes(key)) extensions[key] = object[key];

    return new ApiError<C>({
      status: httpStatus,
      code: problems[0]!.code as C,
      message: detail ?? (compactProblems.length > 0 ? compactProblems[0]!.message : undefined) ?? title ?? phrase,
      title,
      type: stringMember(object, 'type'),
      instance: stringMember(object, 'instance'),
      problems,
      fieldErrors,
      body: parsed,
      shape,
      headers: toHeaders(headers),
      extensions,
    });
  } catch {
    // a body built to break the reader still gives the status
    return new ApiError<C>({
      status: httpStatus,
      code: derivedCode as C,
      message: phrase,
      title: undefined,
      type: undefined,
      instance: undefined,
      problems: [{ code: derivedCode, message: phrase }],
      fieldErrors: [],
      body,
      shape: 'unknown',
      headers: toHeaders(headers),
      extensions: {},
    });
  }
}
