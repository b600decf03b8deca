// Postgres errors by SQLSTATE (https://www.postgresql.org/docs/current/errcodes-appendix.html), as
// node-postgres, postgres.js and PGlite report them, bare or inside an ORM's or a query builder's
// error (TypeORM's `driverError`, Sequelize's `parent`, Drizzle's and Kysely's `cause`).
import type { ProblemInit } from '../contract-error.js';
import type { ErrorMapper } from '../mapping.js';
import { read, readString } from '../safe-read.js';
import { ANSWERS, brokenReference, type ColumnNamer, columnNamerOf, duplicate, type FieldOptions, invalidFields, malformedValue, missingValue, requiredField, type RetryOptions, retryAfterOf, unavailable } from './answers.js';
import { preset } from './preset.js';
import { errorChain, schemaName } from './recognise.js';

const SQLSTATE = /^[0-9A-Z]{5}$/;

// Worth retrying: the same request may succeed in a moment.
const RETRYABLE: ReadonlySet<string> = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
]);

/**
 * The Postgres error in a chain: the first member with a SQLSTATE `code` and a `severity`, which
 * all three drivers set (a Node system error such as EPIPE has a five-letter code and no severity).
 */
export function postgresErrorIn(error: unknown): unknown {
  return errorChain(error).find((member) => {
    const code = readString(member, 'code');
    return code !== undefined && SQLSTATE.test(code) && readString(member, 'severity') !== undefined;
  });
}

/** The columns of a key in Postgres's detail, `Key (email)=(...) ...`: the names only, never the value. */
function keyColumns(detail: string | undefined): string[] {
  const columns = detail === undefined ? undefined : /^Key \(([^()]*)\)=\(/.exec(detail)?.[1];
  if (columns === undefined) return [];
  const names = columns.split(', ').map((column) => schemaName(column.replace(/^"|"$/g, '')));
  return names.every((name) => name !== undefined) ? (names as string[]) : [];
}

function notNullColumn(pgError: unknown): string | undefined {
  const column = schemaName(read(pgError, 'column')) ?? schemaName(read(pgError, 'column_name'));
  if (column !== undefined) return column;
  // PGlite and older servers may leave `column` out: the message names it in double quotes
  return schemaName(/^null value in column "([^"]+)"/.exec(readString(pgError, 'message') ?? '')?.[1]);
}

/**
 * The answer for a Postgres error (`code`, `detail`, `constraint`, `column`, as the drivers name
 * them), or undefined for a code the preset leaves alone.
 */
export function postgresAnswer(pgError: unknown, retryAfter: number, columns: ColumnNamer = columnNamerOf(undefined)): ProblemInit | undefined {
  const code = readString(pgError, 'code');
  if (code === undefined) return undefined;
  const constraint = schemaName(read(pgError, 'constraint')) ?? schemaName(read(pgError, 'constraint_name'));
  const detail = readString(pgError, 'detail');
  switch (code) {
    case '23505':
      return duplicate(keyColumns(detail).map((column) => columns(column).name), constraint);
    case '23503':
      return brokenReference(detail?.includes('is still referenced') ? 'referenced' : detail?.includes('is not present') ? 'missing' : 'unknown', constraint);
    case '23502': {
      const column = notNullColumn(pgError);
      return column === undefined ? missingValue() : invalidFields([requiredField(columns(column))]);
    }
    case '22P02':
      return malformedValue();
  }
  if (RETRYABLE.has(code) || code.startsWith('08')) return unavailable(retryAfter);
  return undefined;
}

/**
 * Maps Postgres errors from node-postgres, postgres.js and PGlite, bare or wrapped by TypeORM,
 * Sequelize, Drizzle or Kysely. Only names of columns and constraints reach the answer; the value
 * Postgres quotes in its detail, the SQL and the message never do.
 *
 * | SQLSTATE | answer |
 * |---|---|
 * | 23505 unique_violation | 409 `conflict`, naming the key's columns (else the constraint), each as `fields` maps it |
 * | 23503 foreign_key_violation | 409 `conflict`: a related record is missing, or others still refer to this one |
 * | 23502 not_null_violation | 400 `validation_failed`, the column `is required`: its request field with a `pointer` when `fields` maps it, else the column and no `pointer` |
 * | 22P02 invalid_text_representation (a malformed uuid, a number that is not one) | 400 `bad_request` |
 * | 40001, 40P01, 57014, 53300 and class 08 (connection) | 503 `service_unavailable` with `Retry-After` |
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { postgresErrors } from '@error-contract/core/maps';
 *
 * const contract = createErrorContract({ map: [postgresErrors({ retryAfter: 2, fields: { user_id: 'userId' } })] });
 * // INSERT of a taken email -> 409 { code: 'conflict', detail: 'A record with this email already exists.' }
 * // a NULL user_id -> 400 { code: 'validation_failed', errors: [{ field: 'userId', pointer: '/userId', detail: 'is required' }] }
 */
export function postgresErrors(options?: RetryOptions & FieldOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  const columns = columnNamerOf(options);
  return preset('postgresErrors', [ANSWERS.conflict, ANSWERS.validation, ANSWERS.badRequest, ANSWERS.unavailable], (error) => {
    const pgError = postgresErrorIn(error);
    return pgError === undefined ? undefined : postgresAnswer(pgError, retryAfter, columns);
  });
}
