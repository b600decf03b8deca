// Sequelize's error classes (https://sequelize.org/api/v6/identifiers#errors), recognised by the
// `name` each sets (`SequelizeUniqueConstraintError`) and by the classes it extends, so that a
// subclass (`ConnectionRefusedError` is a `ConnectionError`) counts as its parent.
import type { ProblemInit } from '../failures/contract-error.js';
import type { ErrorMapper } from '../mapping/map-option.js';
import { items, read, readArray, readString } from '../base/safe-read.js';
import type { FieldError } from '../types.js';
import { ANSWERS, brokenReference, type ColumnNamer, columnNamerOf, duplicate, type FieldOptions, invalidFields, malformedValue, recordNotFound, type RetryOptions, retryAfterOf, unavailable } from './answers.js';
import { mysqlErrorIn } from './mysql.js';
import { postgresErrorIn } from './postgres.js';
import { preset } from './preset.js';
import { sqliteAnswer, sqliteFailureIn } from './sqlite.js';
import { classNames, errorChain, schemaName, schemaNames } from './recognise.js';

const UNAVAILABLE: ReadonlySet<string> = new Set(['SequelizeConnectionError', 'ConnectionError', 'SequelizeTimeoutError', 'TimeoutError', 'SequelizeConnectionAcquireTimeoutError', 'ConnectionAcquireTimeoutError']);

// What a validator found, in our words: Sequelize's messages are the model's or the library's
// and may quote the value.
const VALIDATOR_DETAILS: Readonly<Record<string, string>> = {
  is_null: 'is required',
  notNull: 'is required',
  notEmpty: 'must not be empty',
  len: 'has a length outside the allowed range',
  isEmail: 'must be an email address',
  isUrl: 'must be a URL',
  isUUID: 'must be a UUID',
  isInt: 'must be an integer',
  isNumeric: 'must be a number',
  isFloat: 'must be a number',
  isDecimal: 'must be a number',
  isDate: 'must be a date',
  isIn: 'must be one of the allowed values',
  notIn: 'is not an allowed value',
  min: 'is below the allowed minimum',
  max: 'is above the allowed maximum',
  is: 'is not in the expected format',
  not: 'is not in the expected format',
  isAlpha: 'must contain letters only',
  isAlphanumeric: 'must contain letters and digits only',
};

function validatorDetail(item: unknown): string {
  const key = readString(item, 'validatorKey');
  if (key !== undefined && Object.hasOwn(VALIDATOR_DETAILS, key)) return VALIDATOR_DETAILS[key]!;
  if (readString(item, 'type') === 'notNull Violation' || readString(item, 'type') === 'notnull violation') return 'is required';
  return 'is not valid';
}

function fieldProblems(error: unknown): FieldError[] {
  const problems: FieldError[] = [];
  for (const item of items(readArray(error, 'errors') ?? [], 100)) {
    const field = schemaName(read(item, 'path'));
    if (field !== undefined) problems.push({ field, detail: validatorDetail(item) });
  }
  return problems;
}

/** Whether the driver error under a ForeignKeyConstraintError says which side of the key broke. */
function referenceDirection(error: unknown): 'missing' | 'referenced' | 'unknown' {
  const pgDetail = readString(postgresErrorIn(error), 'detail');
  if (pgDetail?.includes('is still referenced')) return 'referenced';
  if (pgDetail?.includes('is not present')) return 'missing';
  const errno = read(mysqlErrorIn(error), 'errno');
  return errno === 1451 || errno === 1217 ? 'referenced' : errno === 1452 || errno === 1216 ? 'missing' : 'unknown';
}

function sequelizeAnswer(error: unknown, names: readonly string[], retryAfter: number, columns: ColumnNamer): ProblemInit | undefined {
  const is = (name: string) => names.includes(`Sequelize${name}`) || names.includes(name);
  // UniqueConstraintError extends ValidationError: asked first. Sequelize's SQLite dialect makes
  // every SQLITE_CONSTRAINT but a foreign key a UniqueConstraintError (a NOT NULL, a CHECK too), its
  // `fields` an array: the SQLite error in `parent` says what it was
  const sqlite = is('UniqueConstraintError') ? sqliteFailureIn(error) : undefined;
  if (sqlite !== undefined) return sqliteAnswer(sqlite, retryAfter, columns);
  if (is('UniqueConstraintError')) {
    // `fields` maps each field to the value it holds: the keys only
    const fields = read(error, 'fields');
    let keys: string[] = [];
    try {
      keys = fields !== null && typeof fields === 'object' && !Array.isArray(fields) ? schemaNames(Object.keys(fields)) : [];
    } catch {
      keys = [];
    }
    return duplicate(keys.map((column) => columns(column).name), schemaName(read(error, 'index')) ?? schemaName(read(errorChain(error).at(-1), 'constraint')));
  }
  if (is('ForeignKeyConstraintError')) return brokenReference(referenceDirection(error), schemaName(read(error, 'index')));
  if (is('ValidationError')) {
    const problems = fieldProblems(error);
    return problems.length === 0 ? malformedValue() : invalidFields(problems);
  }
  if (is('EmptyResultError')) return recordNotFound();
  if (names.some((name) => UNAVAILABLE.has(name))) return unavailable(retryAfter);
  return undefined;
}

/**
 * Maps Sequelize's errors. Field and index names may reach the answer; the values Sequelize keeps
 * in `fields` and `value`, its messages and the SQL never do.
 *
 * | error | answer |
 * |---|---|
 * | EmptyResultError (`rejectOnEmpty`) | 404 `not_found` |
 * | UniqueConstraintError | 409 `conflict`, naming the key's columns, each as `fields` maps it (over SQLite, answered as `sqliteErrors()` answers the SQLite error in it: Sequelize's SQLite dialect makes a NOT NULL or CHECK one too) |
 * | ForeignKeyConstraintError | 409 `conflict` |
 * | ValidationError | 400 `validation_failed`, one field problem per item, by its validator, named by the model's attribute (with its `pointer`: attributes are what the request sends in most apps; `fields` does not apply) |
 * | ConnectionError and its subclasses (ConnectionRefusedError, ...), ConnectionAcquireTimeoutError, TimeoutError | 503 `service_unavailable` with `Retry-After` |
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { sequelizeErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [sequelizeErrors()] });
 */
export function sequelizeErrors(options?: RetryOptions & FieldOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  const columns = columnNamerOf(options);
  return preset('sequelizeErrors', [ANSWERS.notFound, ANSWERS.conflict, ANSWERS.validation, ANSWERS.badRequest, ANSWERS.unavailable], (error) => {
    // every Sequelize error sets a `name` starting with Sequelize; the bare class names are only
    // trusted behind it (`ValidationError` is also Joi's and Mongoose's)
    if (readString(error, 'name')?.startsWith('Sequelize') !== true) return undefined;
    return sequelizeAnswer(error, classNames(error), retryAfter, columns);
  });
}
