// Prisma Client's errors by their P-code (https://www.prisma.io/docs/orm/reference/error-reference):
// `PrismaClientKnownRequestError#code` and `PrismaClientInitializationError#errorCode`. Prisma 6
// names the fields in `meta.target` / `meta.constraint` / `meta.field_name`; Prisma 7's driver
// adapters put the driver's own error in `meta.driverAdapterError.cause`. A raw query
// (`$queryRaw`, `$executeRaw`) fails as P2010 whatever the cause: Prisma 7 keeps the adapter's
// error in the same place, Prisma 6's engine gives the database's own code and message in `meta`.
import type { ProblemInit } from '../failures/contract-error.js';
import type { ErrorMapper } from '../mapping/map-option.js';
import { read, readString } from '../base/safe-read.js';
import { ANSWERS, brokenReference, type ColumnNamer, columnNamerOf, duplicate, type FieldOptions, invalidFields, malformedValue, missingValue, recordNotFound, requiredField, type RetryOptions, retryAfterOf, unavailable } from './answers.js';
import { mysqlAnswer } from './mysql.js';
import { constraintInMessage, postgresAnswer } from './postgres.js';
import { preset } from './preset.js';
import { classNames, schemaName, schemaNames } from './recognise.js';

const P_CODE = /^P\d{4}$/;

// Prisma cannot reach the database, or it is too busy: the same request may succeed later.
const RETRYABLE: ReadonlySet<string> = new Set([
  'P1001', // can't reach database server
  'P1002', // database server timed out
  'P1008', // operations timed out (Prisma 7: the driver's socket timed out)
  'P1017', // server closed the connection
  'P2024', // timed out fetching a connection from the pool
  'P2034', // transaction failed due to a write conflict or a deadlock
  'P2037', // too many database connections opened
]);

// Prisma 7's runtime: the P-code of a driver adapter error's kind (@prisma/client-engine-runtime),
// for a raw query's P2010, which carries the same cause the model API's code is chosen from.
const CODE_OF_KIND: Readonly<Record<string, string>> = {
  DatabaseNotReachable: 'P1001',
  SocketTimeout: 'P1008',
  ConnectionClosed: 'P1017',
  LengthMismatch: 'P2000',
  UniqueConstraintViolation: 'P2002',
  ForeignKeyConstraintViolation: 'P2003',
  RestrictViolation: 'P2003',
  InvalidInputValue: 'P2007',
  NullConstraintViolation: 'P2011',
  InconsistentColumnData: 'P2023',
  TransactionWriteConflict: 'P2034',
  TooManyConnections: 'P2037',
};

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MYSQL_ERRNO = /^\d{4}$/;

function prismaCode(error: unknown): string | undefined {
  if (!classNames(error).some((name) => name.startsWith('PrismaClient'))) return undefined;
  const code = readString(error, 'code') ?? readString(error, 'errorCode');
  return code !== undefined && P_CODE.test(code) ? code : undefined;
}

/** Prisma 7's driver adapter error (`meta.driverAdapterError.cause`): `{ kind, constraint?, fields?, ... }`. */
function adapterCause(meta: unknown): unknown {
  return read(read(read(meta, 'driverAdapterError'), 'cause'), 'kind') === undefined ? undefined : read(read(meta, 'driverAdapterError'), 'cause');
}

/** The fields a constraint names: Prisma 7's `cause.constraint.fields` (or `cause.fields`), else Prisma 6's `meta` member. */
function fieldsOf(meta: unknown, legacy: string): string[] {
  const cause = adapterCause(meta);
  const adapterFields = read(read(cause, 'constraint'), 'fields') ?? read(cause, 'fields');
  if (adapterFields !== undefined) return schemaNames(adapterFields);
  // @prisma/adapter-pg names no field of a Postgres NOT NULL (it reads them from a detail that has
  // none): Postgres's own message names the column, `null value in column "name" of relation ...`
  if (read(cause, 'kind') === 'NullConstraintViolation' && read(cause, 'originalCode') === '23502') {
    const column = schemaName(/^null value in column "([^"]+)"/.exec(readString(cause, 'originalMessage') ?? '')?.[1]);
    if (column !== undefined) return [column];
  }
  const own = read(meta, legacy);
  return typeof own === 'string' ? [] : schemaNames(own);
}

/** A constraint or index name: Prisma 7's `cause.constraint.index`, Prisma 6's string `target` or `field_name` (`Post_authorId_fkey (index)`). */
function constraintOf(meta: unknown, legacy: string): string | undefined {
  const index = schemaName(read(read(adapterCause(meta), 'constraint'), 'index'));
  if (index !== undefined) return index;
  const own = read(meta, legacy);
  return typeof own === 'string' ? schemaName(own.replace(/ \(index\)$/, '')) : undefined;
}

/**
 * Prisma 6's raw query error without an adapter (`meta: { code, message }`, the database's own):
 * a five-character code is Postgres's SQLSTATE, a four-digit one MySQL's error number (none of
 * which the MySQL answers share with SQLite's extended codes).
 */
function rawQueryAnswer(meta: unknown, retryAfter: number, columns: ColumnNamer): ProblemInit | undefined {
  const code = readString(meta, 'code');
  const message = readString(meta, 'message') ?? '';
  if (code === undefined) return undefined;
  if (SQLSTATE.test(code)) return postgresAnswer({ code, message, constraint: constraintInMessage(message) }, retryAfter, columns);
  if (MYSQL_ERRNO.test(code)) return mysqlAnswer(Number(code), message, retryAfter, columns);
  return undefined;
}

function prismaAnswer(code: string, meta: unknown, retryAfter: number, columns: ColumnNamer): ProblemInit | undefined {
  if (code === 'P2010' || code === 'P2039') {
    // a raw query, or a database error Prisma has no code of its own for: answered as the model
    // API answers the same cause
    const kind = read(adapterCause(meta), 'kind');
    const same = typeof kind === 'string' && Object.hasOwn(CODE_OF_KIND, kind) ? CODE_OF_KIND[kind] : undefined;
    if (same !== undefined) return prismaAnswer(same, meta, retryAfter, columns);
    if (code === 'P2010' && adapterCause(meta) === undefined) return rawQueryAnswer(meta, retryAfter, columns);
  }
  switch (code) {
    case 'P2025':
      return recordNotFound(schemaName(read(meta, 'modelName')));
    case 'P2002':
      return duplicate(fieldsOf(meta, 'target').map((column) => columns(column).name), constraintOf(meta, 'target'));
    case 'P2003': {
      const fields = fieldsOf(meta, 'field_name').map((column) => columns(column).name);
      return brokenReference('unknown', fields.length > 0 ? fields.join(', ') : constraintOf(meta, 'field_name'));
    }
    case 'P2011': {
      const fields = fieldsOf(meta, 'constraint');
      return fields.length === 0 ? missingValue() : invalidFields(fields.map((column) => requiredField(columns(column))));
    }
    case 'P2000': // a value too long for its column
    case 'P2007': // a value the database cannot read as its column's type (Prisma 7: InvalidInputValue)
    case 'P2023': // inconsistent column data, e.g. a malformed ObjectId
      return malformedValue();
  }
  if (RETRYABLE.has(code)) return unavailable(retryAfter);
  // Prisma 7 with a driver adapter: a database error Prisma has no code of its own for
  const cause = adapterCause(meta);
  const kind = read(cause, 'kind');
  if (kind === 'postgres') return postgresAnswer(cause, retryAfter, columns);
  if (kind === 'mysql') return mysqlAnswer(read(cause, 'code'), readString(cause, 'message') ?? '', retryAfter, columns);
  if (kind === 'TooManyConnections' || kind === 'SocketTimeout' || kind === 'TransactionWriteConflict') return unavailable(retryAfter);
  return undefined;
}

/**
 * Maps Prisma Client's errors, Prisma 6 and 7 (with or without a driver adapter). The model and
 * field names may reach the answer; the query, the values and Prisma's message never do. The
 * fields Prisma names in `meta` (and Prisma 7's adapters in their cause) are the database's
 * columns: `fields` maps them to request fields.
 *
 * | error | answer |
 * |---|---|
 * | P2025 (`findUniqueOrThrow`, `update` or `delete` of a missing record) | 404 `not_found`, naming the model |
 * | P2002 unique constraint | 409 `conflict`, naming the fields |
 * | P2003 foreign key constraint | 409 `conflict` |
 * | P2011 null constraint | 400 `validation_failed`, one field problem per column, with a `pointer` only when `fields` maps it (`bad_request` when Prisma names none) |
 * | P2000 (value too long), P2007 (a value the column cannot read, e.g. a malformed uuid), P2023 | 400 `bad_request` |
 * | P1001, P1002, P1008, P1017, P2024 (pool timeout), P2034 (write conflict, deadlock), P2037 (too many connections) | 503 `service_unavailable` with `Retry-After` |
 * | Prisma 7's driver adapter errors of kind `postgres` or `mysql` (P2039, e.g. 57P01 a terminated backend) | as `postgresErrors()` or `mysqlErrors()` |
 * | P2010 raw query (`$queryRaw`, `$executeRaw`) | as the model API answers the same cause: the adapter's error, or Prisma 6's `meta.code` (SQLSTATE or MySQL error number) |
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { prismaErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [prismaErrors()] });
 * // await prisma.widget.findUniqueOrThrow({ where: { id } }) -> 404 { code: 'not_found', detail: 'The requested Widget record was not found.' }
 */
export function prismaErrors(options?: RetryOptions & FieldOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  const columns = columnNamerOf(options);
  return preset('prismaErrors', [ANSWERS.notFound, ANSWERS.conflict, ANSWERS.validation, ANSWERS.badRequest, ANSWERS.unavailable], (error) => {
    const code = prismaCode(error);
    return code === undefined ? undefined : prismaAnswer(code, read(error, 'meta'), retryAfter, columns);
  });
}
