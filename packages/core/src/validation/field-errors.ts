// Field problems from the validators users already have, recognised by shape so that core imports
// none of them: Standard Schema (zod, valibot, arktype), joi, ajv (and Fastify's schema validation,
// which is ajv), express-validator, class-validator.
//
// A thrown value is any graph, not a tree: a crafted validator error whose children share
// sub-objects made a naive walk exponential (19 s for a small graph). Every walk here shares one
// budget of nodes visited, so the cost is linear in what is read and bounded whatever the input:
// at most MAX_FIELD_ERRORS problems, MAX_DEPTH levels, MAX_VISITS nodes.
import { describe, isArray, items, read, readArray, readString } from '../base/safe-read.js';
import type { FieldError } from '../types.js';
import { formatFieldPath, pointerSegments } from './field-path.js';

/** At most this many field problems are sent; the detail says when there were more. */
export const MAX_FIELD_ERRORS = 100;
/** How deep nested validator errors are followed. */
export const MAX_DEPTH = 32;
const MAX_VISITS = 10 * MAX_FIELD_ERRORS;
const MAX_DETAIL_LENGTH = 500;

function clip(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

/** What was read of a validator's failure: the problems, and whether a bound cut some off. */
export interface FieldReading {
  fieldErrors: FieldError[];
  truncated: boolean;
}

/** Collects field problems under the shared bounds. */
class Collector {
  readonly found: FieldError[] = [];
  truncated = false;
  #visits = 0;
  #exhausted = false;

  /** Counts one node read; false once the budget is spent. */
  visit(): boolean {
    if (++this.#visits > MAX_VISITS) {
      this.#exhausted = true;
      this.truncated = true;
      return false;
    }
    return true;
  }

  add(field: string, detail: string | undefined): void {
    if (this.found.length >= MAX_FIELD_ERRORS) {
      this.truncated = true;
      return;
    }
    this.found.push({ field, detail: clip(detail ?? 'Invalid value.') });
  }

  /** No more can be taken: the list is full, or the budget of nodes is spent. */
  get full(): boolean {
    return this.found.length >= MAX_FIELD_ERRORS || this.#exhausted;
  }

  /** The first `limit` items of a list, noting when the list was longer. */
  take(list: readonly unknown[], limit = MAX_FIELD_ERRORS): unknown[] {
    const taken = items(list, limit);
    if (taken.length === limit && lengthOf(list) > limit) this.truncated = true;
    return taken;
  }
}

function lengthOf(list: readonly unknown[]): number {
  try {
    return list.length;
  } catch {
    return 0;
  }
}

/** Standard Schema issues `{ message, path?: (key | { key })[] }`, as zod and valibot throw them. */
function fromIssues(issues: readonly unknown[], into: Collector): void {
  for (const issue of into.take(issues)) {
    if (into.full || !into.visit()) return;
    const message = readString(issue, 'message');
    if (message === undefined) continue;
    const path = items(readArray(issue, 'path') ?? [], MAX_DEPTH);
    // zod reports unknown members of a strict object as one issue at the object: name each of them.
    const keys = read(issue, 'code') === 'unrecognized_keys' ? readArray(issue, 'keys') : undefined;
    if (keys !== undefined && keys.length > 0) {
      for (const key of into.take(keys)) into.add(formatFieldPath([...path, key]), `Unknown field ${JSON.stringify(describe(key))}.`);
    } else into.add(formatFieldPath(path), message);
  }
}

/** joi's `details: [{ message, path: (string | number)[] }]`. */
function fromJoiDetails(details: readonly unknown[], into: Collector): void {
  for (const detail of into.take(details)) {
    if (into.full || !into.visit()) return;
    const message = readString(detail, 'message');
    const path = readArray(detail, 'path');
    if (message !== undefined && path !== undefined) into.add(formatFieldPath(items(path, MAX_DEPTH)), message);
  }
}

/** ajv: `{ instancePath (v8) | dataPath (v6), message, params }`; `required` names the property in params. */
function fromAjv(error: unknown, into: Collector): boolean {
  const instancePath = read(error, 'instancePath');
  const dataPath = read(error, 'dataPath');
  const params = read(error, 'params');
  const named = readString(params, 'missingProperty') ?? readString(params, 'additionalProperty');
  let field: string;
  if (typeof instancePath === 'string') {
    // v8: a JSON Pointer, `/items/0`
    const segments = pointerSegments(instancePath).slice(0, MAX_DEPTH);
    field = formatFieldPath(named === undefined ? segments : [...segments, named]);
  } else if (typeof dataPath === 'string') {
    // v6: already in property notation, `.items[0]`
    const base = dataPath.replace(/^\./, '');
    field = named === undefined ? base : base === '' ? named : `${base}.${named}`;
  } else return false;
  into.add(field, readString(error, 'message'));
  return true;
}

/** express-validator: `{ msg, path }` (v7) or `{ msg, param }` (v6). */
function fromExpressValidator(error: unknown, into: Collector): boolean {
  const field = readString(error, 'path') ?? readString(error, 'param');
  const msg = read(error, 'msg');
  if (field === undefined || msg === undefined) return false;
  into.add(field, typeof msg === 'string' ? msg : describe(msg));
  return true;
}

/** class-validator: `{ property, constraints?, children? }`, nested for objects and arrays. */
function fromClassValidator(error: unknown, parents: readonly string[], into: Collector): void {
  const property = read(error, 'property');
  if (typeof property !== 'string' || into.full || !into.visit()) return;
  if (parents.length >= MAX_DEPTH) {
    into.truncated = true;
    return;
  }
  const path = [...parents, property];
  const constraints = read(error, 'constraints');
  if (constraints !== null && typeof constraints === 'object') {
    let messages: unknown[] = [];
    try {
      messages = Object.values(constraints as Record<string, unknown>);
    } catch {
      // a hostile constraints object adds nothing
    }
    for (const message of messages) if (typeof message === 'string') into.add(formatFieldPath(path), message);
  }
  for (const child of into.take(readArray(error, 'children') ?? [])) fromClassValidator(child, path, into);
}

/** A list of per-field errors of one of the known kinds. */
function fromErrorList(list: readonly unknown[], into: Collector): void {
  for (const item of into.take(list)) {
    if (into.full) return;
    if (typeof read(item, 'property') === 'string') fromClassValidator(item, [], into);
    else if (into.visit() && !fromExpressValidator(item, into)) fromAjv(item, into);
  }
}

function reading(into: Collector): FieldReading | undefined {
  return into.found.length > 0 ? { fieldErrors: into.found, truncated: into.truncated } : undefined;
}

/**
 * The field problems a thrown value describes, and whether a bound (100 problems, 32 levels, a
 * budget of nodes read) cut some off; undefined when it is not a validation failure we know.
 */
export function readFieldErrors(error: unknown): FieldReading | undefined {
  const issues = readArray(error, 'issues');
  if (issues !== undefined) {
    const into = new Collector();
    fromIssues(issues, into);
    if (into.found.length > 0) return reading(into);
  }
  const details = readArray(error, 'details');
  if (details !== undefined) {
    const into = new Collector();
    fromJoiDetails(details, into);
    if (into.found.length > 0) return reading(into);
  }
  // ajv's list is `errors` on its own ValidationError, `validation` on Fastify's (with the part of
  // the request it checked in `validationContext`).
  const errors = readArray(error, 'errors') ?? (typeof read(error, 'validationContext') === 'string' ? readArray(error, 'validation') : undefined);
  if (errors !== undefined) {
    const into = new Collector();
    fromErrorList(errors, into);
    return reading(into);
  }
  if (isArray(error)) {
    // A bare list of Standard Schema issues, as @hono/standard-validator hands its hook.
    const into = new Collector();
    const withPaths = items(error, MAX_FIELD_ERRORS).filter((item) => readArray(item, 'path') !== undefined);
    if (withPaths.length > 0) fromIssues(withPaths, into);
    if (into.found.length > 0) return reading(into);
    fromErrorList(error, into);
    return reading(into);
  }
  return undefined;
}

/**
 * The field problems a thrown value describes, in one form (at most 100), or undefined when it is
 * not a validation failure of a kind we know.
 *
 * @example
 * fieldErrorsOf(zodError); // [{ field: 'items[0].name', detail: 'Invalid input: expected string' }]
 */
export function fieldErrorsOf(error: unknown): FieldError[] | undefined {
  return readFieldErrors(error)?.fieldErrors;
}
