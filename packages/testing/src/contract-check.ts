// The rules every error answer follows, in either shape. Shape detection is the client's
// (`parseErrorBody`), so the kit and the clients read a body the same way; the checks here are
// the strict half the client leaves out on purpose (it is lenient, RFC 9457 section 3.1).
import { parseErrorBody } from '@error-contract/client';
import type { ResponseSnapshot } from './snapshot.js';

/**
 * The two shapes of the contract.
 *
 * @example
 * const shape: ContractShape = 'compact'; // { errors: [{ code, message }] }
 */
export type ContractShape = 'detailed' | 'compact';

/**
 * What {@link checkErrorContract} found.
 *
 * @example
 * const { shape, problems, codes }: ContractReport = checkErrorContract(snapshot);
 */
export interface ContractReport {
  /** The body's shape as a client reads it; undefined when it is in neither. */
  shape: ContractShape | undefined;
  /** Everything that breaks the contract, one sentence each; empty when the answer keeps it. */
  problems: string[];
  /** The codes the body carries: the detailed `code`, or each compact element's. */
  codes: string[];
  /** The detailed shape's offending fields, `errors[].field`. */
  fields: string[];
  /** The compact shape's messages, which name the offending field first (`name: must be ...`). */
  messages: string[];
}

const JSON_TYPES = ['application/json', 'application/problem+json'];
const DETAILED_STRINGS = ['type', 'title', 'detail', 'instance', 'code'] as const;
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
// A stack frame: raw, inside a JSON string (the newline written `\n`), or on an HTML error page
// (Express's finalhandler writes `<br> &nbsp; &nbsp;at `).
const STACK_FRAME = /(?:\n|\\n) {4}at |<br>(?: |&nbsp;)+at /;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 77)}...` : flat);
}

type Found = Pick<ContractReport, 'codes' | 'fields' | 'messages'>;

function checkDetailed(body: Json, status: number, problems: string[]): Found {
  for (const member of DETAILED_STRINGS) if (!isText(body[member])) problems.push(`detailed shape: "${member}" must be a non-empty string`);
  if (body.status !== status) problems.push(`expected status member ${status} (the HTTP status), got ${JSON.stringify(body.status) ?? 'none'}`);
  const fields: string[] = [];
  if (body.errors !== undefined) {
    if (!Array.isArray(body.errors)) problems.push('detailed shape: "errors" must be an array of {field, detail}');
    else
      body.errors.forEach((entry, index) => {
        if (isObject(entry) && typeof entry.field === 'string' && isText(entry.detail)) fields.push(entry.field);
        else problems.push(`detailed shape: errors[${index}] must be {field, detail}`);
      });
  }
  return { codes: isText(body.code) ? [body.code] : [], fields, messages: [] };
}

function checkCompact(body: Json, problems: string[]): Found {
  // the client reads a body as compact only when `errors` has at least one {code, message}-like element
  const entries = body.errors as unknown[];
  const codes: string[] = [];
  const messages: string[] = [];
  entries.forEach((entry, index) => {
    if (isObject(entry) && isText(entry.code) && isText(entry.message)) {
      codes.push(entry.code);
      messages.push(entry.message);
    } else problems.push(`compact shape: errors[${index}] must be {code, message}`);
  });
  return { codes, fields: [], messages };
}

/**
 * Checks one answer against the contract's rules for errors: a 4xx/5xx status, Content-Type
 * `application/json` or `application/problem+json`, a body in the detailed or the compact shape
 * (the detailed `status` member equal to the HTTP status), codes in lower_snake_case, and no
 * stack trace anywhere in the body.
 *
 * @example
 * const report = checkErrorContract({ status: 404, headers: { 'content-type': 'application/json' }, text });
 * if (report.problems.length > 0) console.log(report.problems.join('\n'));
 */
export function checkErrorContract(response: ResponseSnapshot): ContractReport {
  const problems: string[] = [];
  const { status, text } = response;
  if (!(status >= 400 && status <= 599)) problems.push(`expected an error status (4xx or 5xx), got ${status}`);
  const contentType = response.headers['content-type'];
  if (!JSON_TYPES.includes(mediaType(contentType))) {
    problems.push(`expected Content-Type application/json or application/problem+json, got ${contentType === undefined ? 'none' : contentType}`);
  }
  if (STACK_FRAME.test(text)) problems.push('the body holds a stack trace ("\\n    at ")');

  const body = text.trim() === '' ? undefined : parseJson(text);
  if (text.trim() === '') problems.push('expected a JSON error body, got an empty body');
  else if (body === undefined) problems.push(`expected a JSON error body, got ${quote(text)}`);
  if (!isObject(body)) {
    if (body !== undefined) problems.push(`expected a JSON object in the detailed or the compact shape, got ${quote(text)}`);
    return { shape: undefined, problems, codes: [], fields: [], messages: [] };
  }

  const read = parseErrorBody(status, body);
  const shape = read.shape === 'unknown' ? undefined : read.shape;
  if (shape === undefined) {
    problems.push(`expected the detailed {type,title,status,detail,instance,code} or the compact {errors:[{code,message}]} shape, got ${quote(text)}`);
    return { shape, problems, codes: [], fields: [], messages: [] };
  }
  const found = shape === 'detailed' ? checkDetailed(body, status, problems) : checkCompact(body, problems);
  for (const code of found.codes) if (!SNAKE_CASE.test(code)) problems.push(`expected code in lower_snake_case, got ${code}`);
  return { shape, problems, ...found };
}
