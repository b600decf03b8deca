import type { JsonObject } from 'type-fest';
import { codeForStatus, reasonPhrase } from '@error-contract/http-status';
import type { ApiErrorInit } from './api-error-init.js';
import { readObject, textBody } from './dialects/index.js';
import { DETAILED_MEMBERS } from './dialects/problem-details.js';
import { readItem } from './item.js';
import { isObject, pick } from './read.js';
import { traceIdOf } from './trace.js';

/** Bodies larger than this are kept as text, not parsed. */
export const MAX_PARSED_LENGTH = 1_000_000;
const MAX_ITEMS = 1000;

function asStatus(status: unknown): number {
  // The status line is authoritative; a value that is no status at all is read as a 500.
  return Number.isInteger(status) && (status as number) > 99 && (status as number) < 600 ? (status as number) : 500;
}

function toHeaders(headers: HeadersInit | undefined): Headers {
  try {
    return new Headers(headers);
  } catch {
    return new Headers();
  }
}

/** A string body is JSON if it parses (JSON.parse fails at the first character of text or HTML); anything else is kept as it came. */
function decode(body: unknown): unknown {
  if (typeof body !== 'string' || body.length > MAX_PARSED_LENGTH) return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** What `parseErrorBody` makes its ApiError of: the body read in whichever dialect it is in. */
export function readErrorBody(status: number, body: unknown, headers?: HeadersInit): ApiErrorInit {
  const httpStatus = asStatus(status);
  const derivedCode = codeForStatus(httpStatus);
  const phrase = reasonPhrase(httpStatus);
  const headerBag = toHeaders(headers);
  // What every error has: all a body built to break the reader (a throwing getter) gets.
  const init: ApiErrorInit = {
    status: httpStatus,
    code: derivedCode,
    message: phrase,
    problems: [{ code: derivedCode, message: phrase }],
    fieldErrors: [],
    body,
    shape: 'unknown',
    traceId: traceIdOf(undefined, headerBag),
    headers: headerBag,
    extensions: {},
  };
  try {
    const parsed = (init.body = decode(body));
    const object = isObject(parsed) ? parsed : undefined;
    let [dialect, root, entries, code] = object ? readObject(object) : textBody(parsed);
    const items = entries.slice(0, MAX_ITEMS).flatMap((entry) => readItem(entry, dialect === 'compact' && httpStatus < 500) ?? []);
    // A reading that found nothing at all (an empty `errors` list, an empty `error`) is no dialect.
    if (!items.length && !Object.keys(root).length) dialect = 'unknown';
    const title = pick(root, 'title');
    const ownCode = (code ?? items.find((item) => item.code)?.code) || derivedCode;
    // A field's problem is not the error's summary: a problem-details title is, before it.
    const message = pick(root, 'detail', 'message') ?? items.find((item) => !item.fieldError)?.text ?? title ?? items[0]?.text ?? phrase;
    // fromEntries defines each key as an own member: an assignment of `__proto__` (which JSON.parse
    // makes an own key) would set the object's prototype instead
    // What JSON.parse made (or the caller's already-parsed body), so JSON values
    const extensions = Object.fromEntries(Object.entries(object ?? {}).filter(([key]) => !DETAILED_MEMBERS.includes(key))) as JsonObject;
    Object.assign(init, {
      code: ownCode,
      message,
      title,
      type: pick(root, 'type'),
      instance: pick(root, 'instance'),
      problems: items.length
        ? items.map(({ code, text, fieldError }) => ({
            code: code ?? ownCode,
            message: fieldError ? (fieldError.field && `${fieldError.field}: `) + fieldError.detail : (text ?? message),
          }))
        : [{ code: ownCode, message }],
      fieldErrors: items.flatMap((item) => item.fieldError ?? []),
      shape: /^(?:problem-details|aspnet|zalando)$/.test(dialect) ? 'detailed' : dialect === 'compact' ? 'compact' : 'unknown',
      dialect,
      traceId: traceIdOf(object, headerBag),
      extensions,
    } satisfies Partial<ApiErrorInit>);
  } catch {
    // keep what every error has
  }
  return init;
}
