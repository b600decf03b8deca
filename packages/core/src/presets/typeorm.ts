// TypeORM's own errors, and the driver error its QueryFailedError carries (`driverError`).
import type { ErrorMapper } from '../mapping/map-option.js';
import { read } from '../base/safe-read.js';
import { ANSWERS, columnNamerOf, type FieldOptions, recordNotFound, type RetryOptions, retryAfterOf } from './answers.js';
import { mysqlAnswer, mysqlErrorIn } from './mysql.js';
import { postgresAnswer, postgresErrorIn } from './postgres.js';
import { preset } from './preset.js';
import { isNamed, schemaName } from './recognise.js';

const NOT_FOUND: ReadonlySet<string> = new Set(['EntityNotFoundError']);
const QUERY_FAILED: ReadonlySet<string> = new Set(['QueryFailedError']);

/** The entity's name from EntityNotFoundError's message, `Could not find any entity of type "Widget" matching: ...`: the name only. */
function entityName(error: unknown): string | undefined {
  const message = read(error, 'message');
  return typeof message === 'string' ? schemaName(/^Could not find any entity of type "([^"]+)"/.exec(message)?.[1]) : undefined;
}

/**
 * Maps TypeORM's errors: `EntityNotFoundError` (`findOneOrFail`, `findOneByOrFail`) is 404, and a
 * `QueryFailedError` is read through to its driver's error and answered as `postgresErrors()` or
 * `mysqlErrors()` would answer it (`fields` maps the driver's column names as there). The query
 * and its parameters never reach the answer.
 *
 * | error | answer |
 * |---|---|
 * | EntityNotFoundError | 404 `not_found`, naming the entity |
 * | QueryFailedError over Postgres (pg) or MySQL (mysql2) | the SQLSTATE or error number's answer (409, 400, 503) |
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { typeormErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [typeormErrors()] });
 * // await widgets.findOneByOrFail({ id }) -> 404 { code: 'not_found', detail: 'The requested Widget record was not found.' }
 */
export function typeormErrors(options?: RetryOptions & FieldOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  const columns = columnNamerOf(options);
  return preset('typeormErrors', [ANSWERS.notFound, ANSWERS.conflict, ANSWERS.validation, ANSWERS.badRequest, ANSWERS.unavailable], (error) => {
    if (isNamed(error, NOT_FOUND)) return recordNotFound(entityName(error));
    if (!isNamed(error, QUERY_FAILED)) return undefined;
    const pgError = postgresErrorIn(error);
    if (pgError !== undefined) return postgresAnswer(pgError, retryAfter, columns);
    const mysqlError = mysqlErrorIn(error);
    if (mysqlError !== undefined) return mysqlAnswer(read(mysqlError, 'errno'), String(read(mysqlError, 'sqlMessage') ?? ''), retryAfter, columns);
    return undefined;
  });
}
