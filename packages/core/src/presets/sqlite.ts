// SQLite errors by result code (https://www.sqlite.org/rescode.html), as better-sqlite3, sqlite3,
// Node's node:sqlite, @libsql/client (libSQL, Turso) and Cloudflare D1 report them, bare or inside
// an ORM's or a query builder's error (Drizzle's `cause`, TypeORM's `driverError`, Sequelize's
// `parent`, Prisma 7's driver adapter cause of kind `sqlite`).
import type { ProblemInit } from '../failures/contract-error.js';
import type { ErrorMapper } from '../mapping/map-option.js';
import { read, readString } from '../base/safe-read.js';
import { ANSWERS, brokenReference, type ColumnNamer, columnNamerOf, duplicate, type FieldOptions, invalidFields, malformedValue, missingValue, outsideRule, requiredField, type RetryOptions, retryAfterOf, unavailable } from './answers.js';
import { preset } from './preset.js';
import { classNames, errorChain, schemaName } from './recognise.js';

// The extended result codes by number, as node:sqlite (`errcode`), libSQL (`rawCode`) and Prisma's
// adapter (`extendedCode`) give them; the primary code is the number's low byte.
const EXTENDED: Readonly<Record<number, string>> = {
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  19: 'SQLITE_CONSTRAINT',
  261: 'SQLITE_BUSY_RECOVERY',
  262: 'SQLITE_LOCKED_SHAREDCACHE',
  275: 'SQLITE_CONSTRAINT_CHECK',
  517: 'SQLITE_BUSY_SNAPSHOT',
  518: 'SQLITE_LOCKED_VTAB',
  773: 'SQLITE_BUSY_TIMEOUT',
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  1299: 'SQLITE_CONSTRAINT_NOTNULL',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
  2579: 'SQLITE_CONSTRAINT_ROWID',
  3091: 'SQLITE_CONSTRAINT_DATATYPE',
};

const RESULT_CODE = /^SQLITE_[A-Z]+(?:_[A-Z]+)?$/;
// Cloudflare D1 names no code of its own: its message is SQLite's, led by `D1_ERROR: ` and closed
// by the primary code, `D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT`.
const D1_MESSAGE = /^D1_ERROR: (.*): (SQLITE_[A-Z]+)$/s;

/** What a chain member says as SQLite: its result code (extended where the library gives one) and SQLite's own message. */
export interface SqliteFailure {
  code: string;
  message: string;
}

function byNumber(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? (EXTENDED[value] ?? EXTENDED[value & 0xff]) : undefined;
}

/** SQLite's message without what a library put around it: sqlite3's and libSQL's leading code. */
function ownMessage(message: string): string {
  return message.replace(/^SQLITE_[A-Z_]+: /, '');
}

function failureOf(member: unknown): SqliteFailure | undefined {
  const code = readString(member, 'code');
  const message = readString(member, 'message') ?? '';
  // better-sqlite3's SqliteError, sqlite3's Error and libSQL's LibsqlError: `code` is the result
  // code (sqlite3 and older libSQL the primary one; libSQL's `rawCode` is the extended number)
  if (code !== undefined && RESULT_CODE.test(code)) {
    const extended = code.includes('_', 7) ? code : (byNumber(read(member, 'rawCode')) ?? byNumber(read(member, 'extendedCode')) ?? code);
    return { code: extended, message: ownMessage(message) };
  }
  // node:sqlite (Node 22.5 and later): `code: 'ERR_SQLITE_ERROR'`, the extended code in `errcode`
  if (code === 'ERR_SQLITE_ERROR') {
    const extended = byNumber(read(member, 'errcode'));
    return extended === undefined ? undefined : { code: extended, message };
  }
  const d1 = D1_MESSAGE.exec(message);
  if (d1 !== null) return { code: d1[2]!, message: d1[1]! };
  return undefined;
}

/** Prisma 7's driver adapter error for SQLite (better-sqlite3, libSQL, D1): `meta.driverAdapterError.cause` of kind `sqlite`. */
function prismaCause(error: unknown): SqliteFailure | undefined {
  if (!classNames(error).some((name) => name.startsWith('PrismaClient'))) return undefined;
  const cause = read(read(read(error, 'meta'), 'driverAdapterError'), 'cause');
  if (read(cause, 'kind') !== 'sqlite') return undefined;
  // the adapters keep the driver's code (`originalCode`, better-sqlite3's `SQLITE_CONSTRAINT_CHECK`)
  // and give `extendedCode` 1 (SQLITE_ERROR) when the driver named no number
  const original = readString(cause, 'originalCode');
  const code = original !== undefined && RESULT_CODE.test(original) ? original : byNumber(read(cause, 'extendedCode'));
  return code === undefined ? undefined : { code, message: ownMessage(readString(cause, 'message') ?? readString(cause, 'originalMessage') ?? '') };
}

/**
 * The SQLite failure in an error's chain, or undefined when none is SQLite's. The innermost member
 * is asked first: it is the driver's own (TypeORM's QueryFailedError copies the driver's `code` but
 * leads the message with `SqliteError: `).
 */
export function sqliteFailureIn(error: unknown): SqliteFailure | undefined {
  for (const member of errorChain(error).reverse()) {
    const failure = failureOf(member) ?? prismaCause(member);
    if (failure !== undefined) return failure;
  }
  return undefined;
}

/** The columns SQLite names, `table.column, table.column`: the column names only, or none when any is not a plain name. */
function columnsIn(list: string | undefined): string[] {
  if (list === undefined) return [];
  const names = list.split(', ').map((qualified) => schemaName(qualified.slice(qualified.lastIndexOf('.') + 1)));
  return names.every((name) => name !== undefined) ? (names as string[]) : [];
}

function constraintAnswer(code: string, message: string, columns: ColumnNamer): ProblemInit | undefined {
  switch (code) {
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
    case 'SQLITE_CONSTRAINT_ROWID': {
      // `UNIQUE constraint failed: users.email`; an index on an expression: `... failed: index 'name'`
      const list = /^UNIQUE constraint failed: (.+)$/s.exec(message)?.[1];
      const index = list === undefined ? undefined : schemaName(/^index '([^']+)'$/.exec(list)?.[1]);
      return duplicate(index === undefined ? columnsIn(list).map((column) => columns(column).name) : [], index);
    }
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      // `FOREIGN KEY constraint failed`: SQLite names neither the key nor its side
      return brokenReference('unknown');
    case 'SQLITE_CONSTRAINT_NOTNULL': {
      const [column] = columnsIn(/^NOT NULL constraint failed: (.+)$/s.exec(message)?.[1]);
      return column === undefined ? missingValue() : invalidFields([requiredField(columns(column))]);
    }
    case 'SQLITE_CONSTRAINT_CHECK':
      // `CHECK constraint failed: <name or expression>`: a name only, never an expression
      return outsideRule(schemaName(/^CHECK constraint failed: (.+)$/s.exec(message)?.[1]));
    case 'SQLITE_CONSTRAINT_DATATYPE': {
      // a STRICT table: `cannot store TEXT value in INTEGER column users.age`
      const [column] = columnsIn(/ column (\S+)$/.exec(message)?.[1]);
      return malformedValue(column === undefined ? undefined : columns(column).name);
    }
  }
  return undefined;
}

/** The extended code of a primary SQLITE_CONSTRAINT, from SQLite's message (sqlite3 and D1 give the primary code only). */
function constraintKind(message: string): string | undefined {
  if (message.startsWith('UNIQUE constraint failed')) return 'SQLITE_CONSTRAINT_UNIQUE';
  if (message.startsWith('NOT NULL constraint failed')) return 'SQLITE_CONSTRAINT_NOTNULL';
  if (message.startsWith('FOREIGN KEY constraint failed')) return 'SQLITE_CONSTRAINT_FOREIGNKEY';
  if (message.startsWith('CHECK constraint failed')) return 'SQLITE_CONSTRAINT_CHECK';
  if (message.startsWith('cannot store ')) return 'SQLITE_CONSTRAINT_DATATYPE';
  return undefined;
}

/** The answer for a SQLite failure, or undefined for a code the preset leaves alone. */
export function sqliteAnswer(failure: SqliteFailure, retryAfter: number, columns: ColumnNamer = columnNamerOf(undefined)): ProblemInit | undefined {
  const { code, message } = failure;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return unavailable(retryAfter);
  if (!code.startsWith('SQLITE_CONSTRAINT')) return undefined;
  const kind = code === 'SQLITE_CONSTRAINT' ? constraintKind(message) : code;
  return kind === undefined ? undefined : constraintAnswer(kind, message, columns);
}

/**
 * Maps SQLite errors from better-sqlite3, sqlite3, node:sqlite, @libsql/client (libSQL, Turso) and
 * Cloudflare D1, bare or wrapped by Drizzle, TypeORM, Sequelize or Prisma 7's SQLite adapters (list
 * it beside the ORM's own preset). Only column and constraint names reach the answer, each column
 * as `fields` maps it; SQLite's message (its `table.column`, an expression, a value) and the SQL
 * never do.
 *
 * | result code | answer |
 * |---|---|
 * | SQLITE_CONSTRAINT_UNIQUE, _PRIMARYKEY | 409 `conflict`, naming the key's columns (else the index) |
 * | SQLITE_CONSTRAINT_FOREIGNKEY | 409 `conflict` (SQLite names neither the key nor its side) |
 * | SQLITE_CONSTRAINT_NOTNULL | 400 `validation_failed`, the column `is required`: its request field with a `pointer` when `fields` maps it, else the column and no `pointer` |
 * | SQLITE_CONSTRAINT_CHECK | 400 `bad_request`, naming the constraint when it has a name (SQLite names no column) |
 * | SQLITE_CONSTRAINT_DATATYPE (a STRICT table) | 400 `bad_request`, naming the column |
 * | SQLITE_BUSY, SQLITE_LOCKED (and their extended codes) | 503 `service_unavailable` with `Retry-After` |
 *
 * @example
 * import { createErrorContract } from '@error-contract/core';
 * import { sqliteErrors } from '@error-contract/core/presets';
 *
 * const contract = createErrorContract({ map: [sqliteErrors({ fields: { user_id: 'userId' } })] });
 * // INSERT of a taken email -> 409 { code: 'conflict', detail: 'A record with this email already exists.' }
 * // a NULL user_id -> 400 { code: 'validation_failed', errors: [{ field: 'userId', pointer: '/userId', detail: 'is required' }] }
 */
export function sqliteErrors(options?: RetryOptions & FieldOptions): ErrorMapper {
  const retryAfter = retryAfterOf(options);
  const columns = columnNamerOf(options);
  return preset('sqliteErrors', [ANSWERS.conflict, ANSWERS.validation, ANSWERS.badRequest, ANSWERS.unavailable], (error) => {
    const failure = sqliteFailureIn(error);
    return failure === undefined ? undefined : sqliteAnswer(failure, retryAfter, columns);
  });
}
