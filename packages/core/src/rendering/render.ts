// A Problem becomes the bytes of one of the two shapes; which one is the integrator's choice.
import { acceptsProblemJson } from '../request/accept.js';
import { fallbackResponse } from './fallback.js';
import { type CompiledAnswer, stillCompiled } from './compiled-answers.js';
import { readHeader } from '../request/read-header.js';
import { responseHeaders } from './headers.js';
import { typeFor } from '../deciding/normalize.js';
import { RESERVED_MEMBERS, type Settings } from '../contract/options.js';
import { bodyFrom, plainBody } from './serialize.js';
import { isErrorStatus } from '../base/statuses.js';
import { fieldPointer } from '../validation/field-path.js';
import type { ErrorResponse, Problem, RequestLike, Shape } from '../types.js';

const utf8 = new TextEncoder();
const CHALLENGE_IS_DEFAULT: readonly string[] = Object.freeze(['www-authenticate']);

/** The shape the contract's `shape` option gives a request. */
export function shapeFor(settings: Settings, request: RequestLike): Shape {
  if (typeof settings.shape !== 'function') return settings.shape;
  const chosen = settings.shape(request);
  return chosen === 'compact' ? 'compact' : 'detailed';
}

function withExtensions(body: Record<string, unknown>, extensions: Record<string, unknown>, reserved: ReadonlySet<string>) {
  for (const key of Object.keys(extensions)) {
    if (!reserved.has(key)) body[key] = extensions[key];
  }
  return body;
}

const COMPACT_RESERVED: ReadonlySet<string> = new Set(['errors']);

/** `{ type, title, status, detail, instance, code, errors? }`: RFC 9457 members first. Each field
 * error carries its JSON Pointer (RFC 6901) beside the dotted name, as RFC 9457's examples do,
 * unless it names no member of the request (`pointer: false`, a database column). */
function detailedBody(problem: Problem, traceField: string | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: problem.type,
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    instance: problem.instance,
    code: problem.code,
  };
  if (problem.fieldErrors.length > 0) body.errors = problem.fieldErrors.map(({ field, detail, pointer }) => (pointer === false ? { field, detail } : { field, pointer: fieldPointer(field), detail }));
  withExtensions(body, problem.extensions, RESERVED_MEMBERS);
  // set last: an extension of the same name must not hide the id a support ticket quotes
  if (traceField !== undefined && problem.traceId !== undefined) body[traceField] = problem.traceId;
  return body;
}

/** `{ errors: [{ code, message }] }`: one element per field problem, its message led by the field. */
function compactBody(problem: Problem): Record<string, unknown> {
  const errors =
    problem.fieldErrors.length > 0
      ? problem.fieldErrors.map(({ field, detail }) => ({
          code: problem.code,
          message: field === '' || detail.startsWith(field) ? detail : `${field}: ${detail}`,
        }))
      : [{ code: problem.code, message: problem.detail }];
  return withExtensions({ errors }, problem.extensions, COMPACT_RESERVED);
}

function isHeadMethod(method: unknown): boolean {
  return method === 'HEAD' || (typeof method === 'string' && method.length === 4 && method.toUpperCase() === 'HEAD');
}

/**
 * Never throws: a body that cannot be built falls back to the precomputed 500. With the compiled
 * answer of the problem's kind (compiled-answers.ts), its headers and the bytes around the
 * instance and detail are the answer's, unless `onError` changed the problem.
 */
export function renderWith(settings: Settings, problem: Problem, request: RequestLike, answer?: CompiledAnswer): ErrorResponse {
  let shape: Shape = 'detailed';
  try {
    shape = shapeFor(settings, request);
    const compiled = answer !== undefined && stillCompiled(answer, problem) ? answer : undefined;
    if (compiled === undefined && !isErrorStatus(problem.status)) throw new RangeError('not an error status');
    const problemJson = shape === 'detailed' && acceptsProblemJson(readHeader(request.headers, 'accept'));
    let headers: Record<string, string>;
    let body: string;
    if (compiled !== undefined) {
      headers = { ...(problemJson ? compiled.problemJsonHeaders : compiled.jsonHeaders) };
      body = bodyFrom(compiled.serialized, problem, shape);
    } else {
      headers = responseHeaders(problem, problemJson ? 'application/problem+json' : 'application/json');
      body = plainBody(settings, problem, shape) ?? JSON.stringify(shape === 'compact' ? compactBody(problem) : detailedBody(problem, settings.traceField));
    }
    const response: ErrorResponse = { status: problem.status, headers, body };
    // the contract's own challenge yields to one the app set on the response (headersOver)
    if (problem.status === 401 && headers['www-authenticate'] === settings.challenge) response.defaultHeaders = CHALLENGE_IS_DEFAULT;
    if (!isHeadMethod(request.method)) return response;
    // HEAD: the headers a GET would get, its Content-Length included (RFC 9110 section 9.3.2), no body.
    headers['content-length'] = String(utf8.encode(body).byteLength);
    response.body = null;
    return response;
  } catch {
    return fallbackResponse(request, shape, typeFor(settings, 'internal_server_error'));
  }
}
