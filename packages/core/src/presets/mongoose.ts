// Mongoose's errors (https://mongoosejs.com/docs/api/error.html) and the MongoDB driver's that
// Mongoose passes on (a duplicate key, a lost server), recognised by name, code and the classes
// they extend: Mongoose's own all extend `MongooseError`, which Joi's and zod's do not.
import type { ProblemInit } from '../failures/contract-error.js';
import type { ErrorMapper } from '../mapping/map-option.js';
import { read, readString } from '../base/safe-read.js';
import type { FieldError } from '../types.js';
import { ANSWERS, type ColumnNamer, columnNamerOf, duplicate, type FieldOptions, invalidFields, malformedValue, recordNotFound, type RetryOptions, retryAfterOf, unavailable } from './answers.js';
import { preset } from './preset.js';
import { classNames, schemaName, schemaNames } from './recognise.js';

const UNAVAILABLE: ReadonlySet<string> = new Set(['MongoNetworkError', 'MongoServerSelectionError', 'MongooseServerSelectionError', 'MongoNotConnectedError']);
const MAX_FIELDS = 100;

function limit(properties: unknown, key: string): string {
  const value = read(properties, key);
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A validator's finding in our words, from its `kind` and the schema's own limits (never the value). */
function validatorDetail(item: unknown): string {
  const kind = readString(item, 'kind');
  const properties = read(item, 'properties');
  if (readString(item, 'name') === 'CastError') {
    const type = schemaName(kind);
    return type === undefined ? 'is not of the expected type' : `must be a valid ${type}`;
  }
  switch (kind) {
    case 'required':
      return 'is required';
    case 'min':
      return limit(properties, 'min') ? `must be at least ${limit(properties, 'min')}` : 'is below the allowed minimum';
    case 'max':
      return limit(properties, 'max') ? `must be at most ${limit(properties, 'max')}` : 'is above the allowed maximum';
    case 'minlength':
      return limit(properties, 'minlength') ? `must be at least ${limit(properties, 'minlength')} characters long` : 'is too short';
    case 'maxlength':
      return limit(properties, 'maxlength') ? `must be at most ${limit(properties, 'maxlength')} characters long` : 'is too long';
    case 'enum':
      return 'must be one of the allowed values';
    case 'regexp':
      return 'is not in the expected format';
    default:
      return 'is not valid';
  }
}

function fieldProblems(error: unknown, paths: ColumnNamer): FieldError[] {
  const errors = read(error, 'errors');
  const problems: FieldError[] = [];
  if (errors === null || typeof errors !== 'object') return problems;
  let keys: string[];
  try {
    keys = Object.keys(errors).slice(0, MAX_FIELDS);
  } catch {
    return problems;
  }
  for (const key of keys) {
    const item = read(errors, key);
    const path = schemaName(readString(item, 'path') ?? key);
    if (path === undefined) continue;
    const named = paths(path);
    problems.push(named.inRequest ? { field: named.name, detail: validatorDetail(item) } : { field: named.name, detail: validatorDetail(item), pointer: false });
  }
  return problems;
}

function mongooseAnswer(error: unknown, names: readonly string[], retryAfter: number, paths: ColumnNamer): ProblemInit | undefined {
  const mongoose = names.includes('MongooseError');
  if (mongoose && names.includes('DocumentNotFoundError')) return recordNotFound();
  if (mongoose && names.includes('ValidationError')) {
    const problems = fieldProblems(error, paths);
    return problems.length === 0 ? malformedValue() : invalidFields(problems);
  }
  if (mongoose && names.includes('CastError')) {
    const path = schemaName(read(error, 'path'));
    return malformedValue(path === undefined ? undefined : paths(path).name);
  }
  if (names.some((name) => UNAVAILABLE.has(name))) return unavailable(retryAfter);
  // E11000 from the driver (MongoServerError, MongoBulkWriteError): `keyPattern` names the fields,
  // `keyValue` holds the values and is never read
  const code = read(error, 'code');
  if ((code === 11000 || code === 11001) && names.some((name) => name.startsWith('Mongo'))) {
    const keyPattern = read(error, 'keyPattern');
    let fields: string[] = [];
    try {
      fields = keyPattern !== null && typeof keyPattern === 'object' ? schemaNames(Object.keys(keyPattern)) : [];
    } catch {
      fields = [];
    }
    return duplicate(fields.map((path) => paths(path).name));
  }
  return undefined;
}

/**
 * Maps Mongoose's errors and the MongoDB driver's beneath them. Paths and the schema's own limits
 * may reach the answer; the values (a cast's input, a duplicate key's `keyValue`, the query of a
 * missing document) and the messages never do.
 *
 * | error | answer |
 * |---|---|
 * | DocumentNotFoundError (`orFail()`, `save()` of a deleted document) | 404 `not_found` |
 * | ValidationError (Mongoose's, not Joi's or zod's) | 400 `validation_failed`, one field problem per path, by its validator: a path is a request field (with its `pointer`) unless `fields` is given, which then maps each path (a path it leaves out is named, without a `pointer`) |
 * | CastError (`findById('not-an-id')`) | 400 `bad_request`, naming the path |
 * | E11000 duplicate key (MongoServerError, MongoBulkWriteError) | 409 `conflict`, naming the key's fields |
 * | MongoNetworkError, MongoServerSelectionError, MongooseServerSelectionError, MongoNotConnectedError | 503 `service_unavailable` with `Retry-After` |
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { mongooseErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [mongooseErrors()] });
 * // await Widget.create({ price: -1 }) -> 400 { code: 'validation_failed', errors: [{ field: 'price', detail: 'must be at least 0' }] }
 */
export function mongooseErrors(options?: RetryOptions & FieldOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  // a schema's paths are the request's fields in most apps (the body is the document): they keep
  // their pointer unless a `fields` option says otherwise
  const paths = columnNamerOf(options, true);
  return preset('mongooseErrors', [ANSWERS.notFound, ANSWERS.conflict, ANSWERS.validation, ANSWERS.badRequest, ANSWERS.unavailable], (error) => {
    const names = classNames(error);
    return names.some((name) => name.startsWith('Mongo')) ? mongooseAnswer(error, names, retryAfter, paths) : undefined;
  });
}
