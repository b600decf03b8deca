// Postgres errors by SQLSTATE (https://www.postgresql.org/docs/current/errcodes-appendix.html), as
// node-postgres, postgres.js and PGlite report them, bare or inside an ORM's or a query builder's
// error (TypeORM's `driverError`, Sequelize's `parent`, Drizzle's and Kysely's `cause`); and a
// database that cannot be reached, which the drivers report without a SQLSTATE.
import type { ProblemInit } from '../failures/contract-error.js';
import type { ErrorMapper } from '../mapping/map-option.js';
import { read, readString } from '../base/safe-read.js';
import { ANSWERS, brokenReference, type ColumnNamer, columnNamerOf, duplicate, type FieldOptions, invalidFields, malformedValue, missingValue, requiredField, type RetryOptions, retryAfterOf, unavailable } from './answers.js';
import { databaseUnreachable, type ServersOptions } from './connection.js';
import { preset } from './preset.js';
import { errorChain, schemaName } from './recognise.js';

const SQLSTATE = /^[0-9A-Z]{5}$/;

// Worth retrying: the same request may succeed in a moment.
const RETRYABLE: ReadonlySet<string> = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  // class 57, the server going away: a restart, a crash, a backend terminated by an operator or
  // by a failover. 57P04 database_dropped is left out: that database will not come back.
  '57000', // operator_intervention
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (the server is starting or in recovery)
  '57P05', // idle_session_timeout
]);

// The drivers' own connection failures, which carry no SQLSTATE and no address. node-postgres
// and pg-pool give them no code: they are recognised by their whole message, exactly as pg writes
// it (pg 8). postgres.js sets `code` and `errno` both to its own name for the failure.
const PG_CONNECTION_LOST: ReadonlySet<string> = new Set([
  'Connection terminated unexpectedly', // the server closed the socket (stopped, crashed, killed)
  'Connection terminated due to connection timeout', // pg-pool: connectionTimeoutMillis
  'timeout exceeded when trying to connect', // pg-pool: no client within connectionTimeoutMillis
  'Client has encountered a connection error and is not queryable', // a query on a client whose connection broke
]);
const POSTGRES_JS_CONNECTION_LOST: ReadonlySet<string> = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/** A connection node-postgres or postgres.js reports lost or not made, in the error or its chain. */
function driverConnectionLost(error: unknown): boolean {
  return errorChain(error).some((member) => {
    const code = readString(member, 'code');
    if (code !== undefined) return POSTGRES_JS_CONNECTION_LOST.has(code) && read(member, 'errno') === code;
    return member instanceof Error && PG_CONNECTION_LOST.has(readString(member, 'message') ?? '');
  });
}

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

/** Which side of a foreign key broke: from the detail, else the message (Prisma 6's raw query error has no detail). */
function referenceDirection(detail: string | undefined, message: string | undefined): 'missing' | 'referenced' | 'unknown' {
  if (detail?.includes('is still referenced') === true || message?.startsWith('update or delete on table') === true) return 'referenced';
  if (detail?.includes('is not present') === true || message?.startsWith('insert or update on table') === true) return 'missing';
  return 'unknown';
}

/** The constraint Postgres's message names (`... violates unique constraint "users_email_key"`), for an error that carries only its code and message. */
export function constraintInMessage(message: string | undefined): string | undefined {
  return schemaName(/ violates (?:unique|foreign key|check) constraint "([^"]+)"/.exec(message ?? '')?.[1]);
}

/**
 * The answer for a Postgres error (`code`, `detail`, `constraint`, `column`, as the drivers name
 * them), or undefined for a code the preset leaves alone.
 */
export function postgresAnswer(pgError: unknown, retryAfter: number, columns: ColumnNamer = columnNamerOf(undefined)): ProblemInit | undefined {
  const code = readString(pgError, 'code');
  if (code === undefined) return undefined;
  const constraint = schemaName(read(pgError, 'constraint')) ?? schemaName(read(pgError, 'constraint_name')) ?? constraintInMessage(readString(pgError, 'message'));
  const detail = readString(pgError, 'detail');
  switch (code) {
    case '23505':
      return duplicate(keyColumns(detail).map((column) => columns(column).name), constraint);
    case '23503':
      return brokenReference(referenceDirection(detail, readString(pgError, 'message')), constraint);
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
 * The options of `postgresErrors()`: `retryAfter`, and `servers`, where the database listens.
 *
 * @example
 * const options: PostgresErrorsOptions = { retryAfter: 2, servers: process.env.DATABASE_URL, fields: { user_id: 'userId' } };
 */
export interface PostgresErrorsOptions extends RetryOptions, ServersOptions, FieldOptions {}

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
 * | 40001, 40P01, 53300, class 57 but 57P04 (57014 a statement timeout, 57P01 a backend terminated or a server shut down, 57P02, 57P03 starting up), class 08 | 503 `service_unavailable` with `Retry-After` |
 * | node-postgres' "Connection terminated unexpectedly", its pool's connection timeouts; postgres.js's `CONNECTION_CLOSED`, `CONNECTION_ENDED`, `CONNECTION_DESTROYED`, `CONNECT_TIMEOUT` | 503 `service_unavailable` with `Retry-After` |
 * | a refused, timed-out or unresolvable connection to one of `servers` (Node's `ECONNREFUSED`...) | 503 `service_unavailable` with `Retry-After` |
 *
 * A stopped server is reported by both drivers as Node's own socket error (`connect ECONNREFUSED
 * 127.0.0.1:5432`), never as class 08, and an HTTP client's refused connection is the same error:
 * only with `servers` set does the preset know which refusals are the database's.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { postgresErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({
 *   map: [postgresErrors({ retryAfter: 2, servers: process.env.DATABASE_URL, fields: { user_id: 'userId' } })],
 * });
 * // INSERT of a taken email -> 409 { code: 'conflict', detail: 'A record with this email already exists.' }
 * // a NULL user_id -> 400 { code: 'validation_failed', errors: [{ field: 'userId', pointer: '/userId', detail: 'is required' }] }
 * // a query while the database is down -> 503 service_unavailable, Retry-After: 2
 */
export function postgresErrors(options?: PostgresErrorsOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  const columns = columnNamerOf(options);
  const unreachable = databaseUnreachable(options, 5432);
  return preset('postgresErrors', [ANSWERS.conflict, ANSWERS.validation, ANSWERS.badRequest, ANSWERS.unavailable], (error) => {
    const pgError = postgresErrorIn(error);
    if (pgError !== undefined) return postgresAnswer(pgError, retryAfter, columns);
    return driverConnectionLost(error) || unreachable(error) ? unavailable(retryAfter) : undefined;
  });
}
