// Field problems from the validators users already have, recognised by shape so that core imports
// none of them: Standard Schema (zod, valibot, arktype), joi, ajv, express-validator, class-validator.
import { describe, isArray, items, read, readArray, readString } from '../safe-read.js';
import type { FieldError } from '../types.js';
import { formatFieldPath, pointerSegments } from './field-path.js';

const MAX_FIELD_ERRORS = 100;
const MAX_DETAIL_LENGTH = 500;

function clip(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

function entry(field: string, detail: string | undefined): FieldError {
  return { field, detail: clip(detail ?? 'Invalid value.') };
}

/** Standard Schema issues `{ message, path?: (key | { key })[] }`, as zod and valibot throw them. */
function fromIssues(issues: readonly unknown[]): FieldError[] {
  return items(issues, MAX_FIELD_ERRORS).flatMap((issue) => {
    const message = readString(issue, 'message');
    if (message === undefined) return [];
    const path = readArray(issue, 'path') ?? [];
    // zod reports unknown members of a strict object as one issue at the object: name each of them.
    const keys = read(issue, 'code') === 'unrecognized_keys' ? readArray(issue, 'keys') : undefined;
    if (keys !== undefined && keys.length > 0) {
      return items(keys, MAX_FIELD_ERRORS).map((key) => entry(formatFieldPath([...path, key]), `Unknown field ${JSON.stringify(describe(key))}.`));
    }
    return [entry(formatFieldPath(path), message)];
  });
}

/** joi's `details: [{ message, path: (string | number)[] }]`. */
function fromJoiDetails(details: readonly unknown[]): FieldError[] {
  return items(details, MAX_FIELD_ERRORS)
    .filter((detail) => readString(detail, 'message') !== undefined && readArray(detail, 'path') !== undefined)
    .map((detail) => entry(formatFieldPath(readArray(detail, 'path') ?? []), readString(detail, 'message')));
}

/** ajv: `{ instancePath (v8) | dataPath (v6), message, params }`; `required` names the property in params. */
function fromAjv(error: unknown): FieldError | undefined {
  const instancePath = read(error, 'instancePath');
  const dataPath = read(error, 'dataPath');
  const params = read(error, 'params');
  const named = readString(params, 'missingProperty') ?? readString(params, 'additionalProperty');
  let field: string;
  if (typeof instancePath === 'string') {
    // v8: a JSON Pointer, `/items/0`
    field = formatFieldPath(named === undefined ? pointerSegments(instancePath) : [...pointerSegments(instancePath), named]);
  } else if (typeof dataPath === 'string') {
    // v6: already in property notation, `.items[0]`
    const base = dataPath.replace(/^\./, '');
    field = named === undefined ? base : base === '' ? named : `${base}.${named}`;
  } else return undefined;
  return entry(field, readString(error, 'message'));
}

/** express-validator: `{ msg, path }` (v7) or `{ msg, param }` (v6). */
function fromExpressValidator(error: unknown): FieldError | undefined {
  const field = readString(error, 'path') ?? readString(error, 'param');
  const msg = read(error, 'msg');
  if (field === undefined || msg === undefined) return undefined;
  return entry(field, typeof msg === 'string' ? msg : describe(msg));
}

/** class-validator: `{ property, constraints?, children? }`, nested for objects and arrays. */
function fromClassValidator(error: unknown, parents: readonly string[], into: FieldError[], depth = 0): void {
  const property = read(error, 'property');
  if (typeof property !== 'string' || depth > 32 || into.length >= MAX_FIELD_ERRORS) return;
  const path = [...parents, property];
  const constraints = read(error, 'constraints');
  if (constraints !== null && typeof constraints === 'object') {
    for (const message of Object.values(constraints as Record<string, unknown>)) {
      if (typeof message === 'string' && into.length < MAX_FIELD_ERRORS) into.push(entry(formatFieldPath(path), message));
    }
  }
  for (const child of items(readArray(error, 'children') ?? [], MAX_FIELD_ERRORS)) fromClassValidator(child, path, into, depth + 1);
}

/** A list of per-field errors of one of the known kinds, or undefined when none is recognised. */
function fromErrorList(list: readonly unknown[]): FieldError[] | undefined {
  const found: FieldError[] = [];
  for (const item of items(list, MAX_FIELD_ERRORS)) {
    if (typeof read(item, 'property') === 'string') {
      try {
        fromClassValidator(item, [], found);
      } catch {
        // a hostile constraints object adds nothing
      }
      continue;
    }
    const known = fromExpressValidator(item) ?? fromAjv(item);
    if (known !== undefined) found.push(known);
  }
  return found.length > 0 ? found.slice(0, MAX_FIELD_ERRORS) : undefined;
}

/**
 * The field problems a thrown value describes, in one form, or undefined when it is not a
 * validation failure of a kind we know.
 *
 * @example
 * fieldErrorsOf(zodError); // [{ field: 'items[0].name', detail: 'Invalid input: expected string' }]
 */
export function fieldErrorsOf(error: unknown): FieldError[] | undefined {
  const issues = readArray(error, 'issues');
  if (issues !== undefined) {
    const found = fromIssues(issues);
    if (found.length > 0) return found;
  }
  const details = readArray(error, 'details');
  if (details !== undefined) {
    const found = fromJoiDetails(details);
    if (found.length > 0) return found;
  }
  const errors = readArray(error, 'errors');
  if (errors !== undefined) return fromErrorList(errors);
  if (isArray(error)) {
    // A bare list of Standard Schema issues, as @hono/standard-validator hands its hook.
    const issuesWithPaths = items(error, MAX_FIELD_ERRORS).filter((item) => readArray(item, 'path') !== undefined);
    if (issuesWithPaths.length > 0) {
      const found = fromIssues(issuesWithPaths);
      if (found.length > 0) return found;
    }
    return fromErrorList(error);
  }
  return undefined;
}
