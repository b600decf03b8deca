// What Elysia hands its `onError` hooks, in the terms core decides on. Elysia's errors are read by
// shape and by the `code` Elysia gives the hook, not with `instanceof`: an app may hold two copies
// of Elysia (a plugin's own), whose classes differ.
//
// - `status(418, 'text')` thrown or returned is Elysia's `ElysiaCustomStatusResponse`: `code` (the
//   status) and `response` (the body the app chose for its client). No Error.
// - `VALIDATION`: Elysia's `ValidationError`: `type` says which part (`body`, `query`, `params`,
//   `headers`, `cookie`, or `response`: the app's own answer, a bug), `validator` the schema,
//   `value` what was checked. Its `message` is JSON holding the submitted value (`found`): never read.
// - `PARSE`: Elysia's `ParseError`, its `cause` what the parser threw.
// - `NOT_FOUND`: Elysia's `NotFoundError`, thrown by Elysia for a path no route has, or by the app.
import { isContractError, type ProblemInit, problem, problems } from '@error-contract/core';
import { read, reasonPhrase } from '@error-contract/core/adapter';

/** Elysia's `status(code, response)`, thrown or returned: not an Error, a numeric `code`, a `response` member. */
export function isElysiaStatus(value: unknown): value is { code: number; response: unknown } {
  return value !== null && typeof value === 'object' && !(value instanceof Error) && typeof read(value, 'code') === 'number' && 'response' in value;
}

/**
 * The problem for `status(code, response)`: the status kept; for a 4xx, a string body (or the
 * string `message` of an object body) is the detail, as the app wrote it for its client, unless
 * it is only Elysia's reason phrase (`status(404)` has the body `Not Found`). A 5xx carries
 * nothing from it; the value stays in `cause`, for the logs.
 */
export function statusProblem(value: { code: number; response: unknown }): ProblemInit {
  const status = value.code;
  if (status >= 500) return problem(status, undefined, { cause: value });
  const body = value.response;
  const text = typeof body === 'string' ? body : read(body, 'message');
  return problem(status, typeof text === 'string' && text !== '' && text !== reasonPhrase(status) ? text : undefined);
}

interface StandardSchema {
  validate(value: unknown): { issues?: readonly unknown[] } | Promise<{ issues?: readonly unknown[] }>;
}

/** The Standard Schema (zod, valibot, arktype) behind a validator, if it is one. */
function standardOf(validator: unknown): StandardSchema | undefined {
  const own = read(validator, '~standard') ?? read(read(validator, 'schema'), '~standard');
  return typeof read(own, 'validate') === 'function' ? (own as StandardSchema) : undefined;
}

/** TypeBox's errors: an iterator from the compiled check (`Errors(value)`), each with a JSON Pointer `path`. */
function typeBoxErrors(validator: unknown, value: unknown): Array<{ instancePath: string; message: string }> | undefined {
  const errors = read(validator, 'Errors');
  if (typeof errors !== 'function') return undefined;
  const found: Array<{ instancePath: string; message: string }> = [];
  const seen = new Set<string>();
  for (const error of (errors as (value: unknown) => Iterable<unknown>).call(validator, value)) {
    const path = read(error, 'path');
    // the schema's own `error` (`t.String({ error: 'Give the widget a name.' })`), as Elysia's own
    // answer uses it: the app's words for its client. A function form is not called: it is handed
    // the submitted value.
    const own = read(read(error, 'schema'), 'error');
    const message = typeof own === 'string' && own !== '' ? own : read(error, 'message');
    // TypeBox reports a field once per rule it breaks (a missing `name` is "Expected required
    // property" and "Expected string"): one problem per field, the first.
    if (typeof path !== 'string' || typeof message !== 'string' || seen.has(path)) continue;
    seen.add(path);
    found.push({ instancePath: path, message });
    if (found.length >= 100) break;
  }
  return found;
}

/**
 * The field problems of Elysia's `ValidationError`, in a form core reads: Standard Schema issues
 * (the validator run again on the checked value, as Elysia's own `error.all` does), or TypeBox's
 * errors as ajv's (`instancePath`, a JSON Pointer, and `message`). TypeBox's messages state the
 * rule (`Expected string length greater or equal to 1`), never the value, unless the schema has its
 * own `error` text, which is the detail then. A response that fails its schema is the app's bug: a 500.
 */
export function validationFailure(error: unknown): unknown | Promise<unknown> {
  if (read(error, 'type') === 'response') return problems.internalError(undefined, { cause: error });
  const validator = read(error, 'validator');
  const value = read(error, 'value');
  const standard = standardOf(validator);
  if (standard !== undefined) {
    try {
      const result = standard.validate(value);
      const issuesOf = (outcome: { issues?: readonly unknown[] }) => ({ issues: outcome.issues ?? [] });
      return result instanceof Promise ? result.then(issuesOf, () => invalidRequest()) : issuesOf(result);
    } catch {
      return invalidRequest();
    }
  }
  try {
    const errors = typeBoxErrors(validator, value);
    if (errors !== undefined && errors.length > 0) return { errors };
  } catch {
    // a validator that cannot list its errors: the failure as a whole
  }
  return invalidRequest();
}

/** A validation failure whose fields cannot be listed: the request as a whole. */
function invalidRequest(): ProblemInit {
  return problems.validationFailed([{ field: '', detail: 'The request does not match its schema.' }]);
}

/**
 * What a parser threw, when it says more than "bad request": one of our problems (a parse hook
 * that refuses a reader with 403, a body over the limit with 413) or a JSON `SyntaxError`, which
 * core answers with its fixed sentence (the parser's message quotes the body). Anything else is
 * 400 with a sentence of ours.
 */
export function parseFailure(error: unknown): unknown {
  const cause = read(error, 'cause');
  if (isContractError(cause)) return cause;
  if (read(cause, 'name') === 'SyntaxError' && /JSON/.test(String(read(cause, 'message')))) return cause;
  return problems.badRequest('The request body could not be parsed.', { cause: error });
}

/**
 * Elysia's `NotFoundError` thrown by the app (`throw new NotFoundError('No widget 7.')`): a 404
 * whose message is the app's, for its client, unless it is Elysia's default (`NOT_FOUND`).
 */
export function thrownNotFound(error: unknown): ProblemInit {
  const message = read(error, 'message');
  return problems.notFound(typeof message === 'string' && message !== '' && message !== 'NOT_FOUND' ? message : undefined);
}
