// MySQL and MariaDB errors by server error number
// (https://dev.mysql.com/doc/mysql-errors/8.4/en/server-error-reference.html), as mysql2, mysql and
// the MariaDB connector report them (`errno`, `code: 'ER_...'`, `sqlState`, `sqlMessage`), bare or
// inside an ORM's error; and a server that cannot be reached or closed the connection.
import type { ProblemInit } from '../failures/contract-error.js';
import type { ErrorMapper } from '../mapping/map-option.js';
import { read, readString } from '../base/safe-read.js';
import { ANSWERS, brokenReference, type ColumnNamer, columnNamerOf, duplicate, type FieldOptions, invalidFields, malformedValue, missingValue, requiredField, type RetryOptions, retryAfterOf, unavailable } from './answers.js';
import { databaseUnreachable, type ServersOptions } from './connection.js';
import { preset } from './preset.js';
import { errorChain, schemaName } from './recognise.js';

/** The MySQL error in a chain: a numeric `errno` beside a `sqlState` or an `ER_` code. */
export function mysqlErrorIn(error: unknown): unknown {
  return errorChain(error).find((member) => {
    const errno = read(member, 'errno');
    return typeof errno === 'number' && (readString(member, 'sqlState') !== undefined || readString(member, 'code')?.startsWith('ER_') === true);
  });
}

function messageOf(mysqlError: unknown): string {
  return readString(mysqlError, 'sqlMessage') ?? readString(mysqlError, 'message') ?? '';
}

/** The answer for a MySQL error number, or undefined for one the preset leaves alone. */
export function mysqlAnswer(errno: unknown, message: string, retryAfter: number, columns: ColumnNamer = columnNamerOf(undefined)): ProblemInit | undefined {
  switch (errno) {
    case 1062: // ER_DUP_ENTRY: "Duplicate entry '<value>' for key '<key>'": the key only
      return duplicate([], schemaName(/ for key '([^']+)'$/.exec(message)?.[1]));
    case 1451: // ER_ROW_IS_REFERENCED_2
    case 1217:
      return brokenReference('referenced');
    case 1452: // ER_NO_REFERENCED_ROW_2
    case 1216:
      return brokenReference('missing');
    case 1048: {
      // ER_BAD_NULL_ERROR: "Column '<name>' cannot be null"
      const column = schemaName(/^Column '([^']+)' cannot be null$/.exec(message)?.[1]);
      return column === undefined ? missingValue() : invalidFields([requiredField(columns(column))]);
    }
    case 1213: // ER_LOCK_DEADLOCK
    case 1205: // ER_LOCK_WAIT_TIMEOUT
      return unavailable(retryAfter);
  }
  return undefined;
}

/**
 * The drivers' own lost connection: mysql2's and mysql's `PROTOCOL_CONNECTION_LOST` (the server
 * closed the socket), and mysql2's connect timeout (`connect ETIMEDOUT` with mysql2's own
 * `errorno` member beside the code, which Node's errors do not have).
 */
function driverConnectionLost(error: unknown): boolean {
  return errorChain(error).some((member) => {
    const code = readString(member, 'code');
    return code === 'PROTOCOL_CONNECTION_LOST' || (code === 'ETIMEDOUT' && read(member, 'errorno') === 'ETIMEDOUT' && read(member, 'fatal') === true);
  });
}

/**
 * The options of `mysqlErrors()`: `retryAfter`, and `servers`, where the database listens.
 *
 * @example
 * const options: MysqlErrorsOptions = { retryAfter: 2, servers: 'mysql://app@db:3306/shop' };
 */
export interface MysqlErrorsOptions extends RetryOptions, ServersOptions, FieldOptions {}

/**
 * Maps MySQL and MariaDB errors from mysql2, mysql and the MariaDB connector, bare or wrapped by
 * TypeORM or Sequelize. The duplicate value MySQL quotes in its message never reaches the answer;
 * the key's name may.
 *
 * | error | answer |
 * |---|---|
 * | 1062 ER_DUP_ENTRY | 409 `conflict`, naming the key |
 * | 1451 / 1217 (row is referenced), 1452 / 1216 (no referenced row) | 409 `conflict` |
 * | 1048 ER_BAD_NULL_ERROR | 400 `validation_failed`, the column `is required`: its request field with a `pointer` when `fields` maps it, else the column and no `pointer` |
 * | 1213 ER_LOCK_DEADLOCK, 1205 ER_LOCK_WAIT_TIMEOUT | 503 `service_unavailable` with `Retry-After` |
 * | `PROTOCOL_CONNECTION_LOST`, mysql2's connect timeout | 503 `service_unavailable` with `Retry-After` |
 * | a refused, timed-out or unresolvable connection to one of `servers` (Node's `ECONNREFUSED`...) | 503 `service_unavailable` with `Retry-After` |
 *
 * mysql2 reports a server that is down as Node's own socket error, as an HTTP client does: only
 * with `servers` set does the preset know which refusals are the database's.
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { mysqlErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [mysqlErrors({ servers: process.env.DATABASE_URL, fields: { user_id: 'userId' } })] });
 * // a NULL user_id -> 400 { code: 'validation_failed', errors: [{ field: 'userId', pointer: '/userId', detail: 'is required' }] }
 */
export function mysqlErrors(options?: MysqlErrorsOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  const columns = columnNamerOf(options);
  const unreachable = databaseUnreachable(options, 3306);
  return preset('mysqlErrors', [ANSWERS.conflict, ANSWERS.validation, ANSWERS.badRequest, ANSWERS.unavailable], (error) => {
    const mysqlError = mysqlErrorIn(error);
    if (mysqlError !== undefined) return mysqlAnswer(read(mysqlError, 'errno'), messageOf(mysqlError), retryAfter, columns);
    return driverConnectionLost(error) || unreachable(error) ? unavailable(retryAfter) : undefined;
  });
}
