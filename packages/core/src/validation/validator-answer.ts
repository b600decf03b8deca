// Validator middleware that is given no hook answers a failure itself, with a 400 JSON body of its
// own shape. Recognising those bodies lets an adapter put every route's validation failures in the
// contract at once, without a hook on each route. Only these exact shapes are taken: an app's own
// 400 JSON body of any other shape is its answer, not ours to rewrite.
import { isArray, read, readArray, readString } from '../base/safe-read.js';

/** A validation failure core reads like a thrown one: `{ issues }` in Standard Schema form. */
export interface ValidatorFailure {
  issues: readonly unknown[];
}

// zod's message is its issues as JSON; a message longer than this is not parsed.
const MAX_MESSAGE_LENGTH = 256 * 1024;

function zodIssues(error: unknown): readonly unknown[] | undefined {
  if (readString(error, 'name') !== 'ZodError') return undefined;
  const message = readString(error, 'message');
  if (message === undefined || message.length > MAX_MESSAGE_LENGTH) return undefined;
  try {
    const issues: unknown = JSON.parse(message);
    return isArray(issues) ? issues : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The failure in the body of a Hono validator's own 400 answer, or undefined when the body is not
 * one: `@hono/zod-validator` (`{ success: false, error: { name: 'ZodError', message } }`),
 * `@hono/standard-validator` (`{ success: false, error: [issues], data }`) and the safeParse-style
 * ones such as `@hono/valibot-validator` (`{ success: false, issues: [...] }`). What the client
 * sent (`data`, `output`) is dropped; only the issues are kept.
 *
 * @example
 * validatorFailureOf({ success: false, error: [{ path: ['name'], message: 'Required' }] });
 * // { issues: [{ path: ['name'], message: 'Required' }] }
 */
export function validatorFailureOf(body: unknown): ValidatorFailure | undefined {
  if (read(body, 'success') !== false) return undefined;
  const error = read(body, 'error');
  const issues = (isArray(error) ? error : undefined) ?? zodIssues(error) ?? readArray(body, 'issues');
  if (issues === undefined || issues.length === 0) return undefined;
  // Every issue must look like one (a message and a path), so another `{ success: false }` is left alone.
  const wellFormed = issues.every((issue) => readString(issue, 'message') !== undefined && readArray(issue, 'path') !== undefined);
  return wellFormed ? { issues } : undefined;
}
