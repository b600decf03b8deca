// The presets of @error-contract/core/presets by the shapes of their libraries' errors, one row per
// rule (suites/library-errors runs them against the real libraries). Every answer is checked to
// carry none of the planted values.
import { describe, expect, it } from 'vitest';
import { createErrorContract, type ErrorMapper } from '../../src/index.js';
import { jwtErrors, mongooseErrors, mysqlErrors, postgresErrors, prismaErrors, sequelizeErrors, sqliteErrors, typeormErrors } from '../../src/presets/index.js';
import { classNames, errorChain, schemaName, schemaNames } from '../../src/presets/recognise.js';
import { request } from '../helpers.js';

const SECRET = 'planted-5ecret';

/** An Error of a class with this name and these members, as the library builds it. */
function named(name: string, members: Record<string, unknown> = {}, parent: new (message?: string) => Error = Error): Error {
  const Class = { [name]: class extends parent {} }[name]!;
  const error = new Class(`${SECRET} message`);
  return Object.assign(error, { name, ...members });
}

function answer(mapper: ErrorMapper, error: unknown) {
  const response = createErrorContract({ map: [mapper], logger: false }).respond(error, request({ method: 'POST' }));
  const text = `${response.body}${JSON.stringify(response.headers)}`;
  expect(text).not.toContain(SECRET);
  return { status: response.status, headers: response.headers, body: JSON.parse(response.body as string) as Record<string, any> };
}

const pg = (code: string, members: Record<string, unknown> = {}) => named('error', { code, severity: 'ERROR', ...members });

describe('postgresErrors()', () => {
  const preset = postgresErrors();
  it.each([
    ['23505 with a key in its detail', pg('23505', { detail: `Key (email)=(${SECRET}) already exists.`, constraint: 'users_email_key' }), 409, 'A record with this email already exists.'],
    ['23505 with two columns', pg('23505', { detail: `Key (tenant_id, "slug")=(1, ${SECRET}) already exists.` }), 409, 'A record with this combination of tenant_id and slug already exists.'],
    ['23505 on an expression index: the constraint', pg('23505', { detail: `Key (lower(email::text))=(${SECRET}) already exists.`, constraint_name: 'users_lower_email' }), 409, 'A record with the same unique value already exists (constraint users_lower_email).'],
    ['23505 with nothing named', pg('23505'), 409, 'A record with the same unique value already exists.'],
    ['23503 of neither side', pg('23503', { detail: 'something else' }), 409, 'The request breaks a reference between records.'],
    ['23502 from postgres.js (column_name)', pg('23502', { column_name: 'name' }), 400, 'The request has 1 invalid field.'],
    ['23502 named only in the message', Object.assign(pg('23502'), { message: 'null value in column "name" of relation "users" violates not-null constraint' }), 400, 'The request has 1 invalid field.'],
    ['23502 naming nothing', pg('23502'), 400, 'A required value is missing.'],
    ['22P02', pg('22P02'), 400, 'A value in the request is not in the form its field expects.'],
    ['08006 (class 08)', pg('08006'), 503, 'Service Unavailable.'],
    ['57P01 admin_shutdown (a terminated backend)', pg('57P01', { severity: 'FATAL' }), 503, 'Service Unavailable.'],
    ['57P02 crash_shutdown', pg('57P02', { severity: 'FATAL' }), 503, 'Service Unavailable.'],
    ['57P03 cannot_connect_now', pg('57P03', { severity: 'FATAL' }), 503, 'Service Unavailable.'],
    ['57P05 idle_session_timeout', pg('57P05', { severity: 'FATAL' }), 503, 'Service Unavailable.'],
    ['57000 operator_intervention', pg('57000'), 503, 'Service Unavailable.'],
    ['57014 query_canceled, as before', pg('57014'), 503, 'Service Unavailable.'],
    ['57P04 database_dropped: it will not come back', pg('57P04', { severity: 'FATAL' }), 500, 'The service failed to process the request.'],
    ["node-postgres' lost connection", new Error('Connection terminated unexpectedly'), 503, 'Service Unavailable.'],
    ["pg-pool's connection timeout", new Error('timeout exceeded when trying to connect'), 503, 'Service Unavailable.'],
    ["pg-pool's client connection timeout, its cause a socket error", new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }), 503, 'Service Unavailable.'],
    ["node-postgres' broken client", new Error('Client has encountered a connection error and is not queryable'), 503, 'Service Unavailable.'],
    ["a message that only contains pg's words", new Error(`Connection terminated unexpectedly: ${SECRET}`), 500, 'The service failed to process the request.'],
    ["pg's words on a thing that is not an Error", { message: 'Connection terminated unexpectedly' }, 500, 'The service failed to process the request.'],
    ["postgres.js's CONNECTION_CLOSED", Object.assign(new Error(`write CONNECTION_CLOSED ${SECRET}:5432`), { code: 'CONNECTION_CLOSED', errno: 'CONNECTION_CLOSED', address: SECRET, port: 5432 }), 503, 'Service Unavailable.'],
    ["postgres.js's CONNECT_TIMEOUT in Drizzle's cause", new Error(`Failed query: ${SECRET}`, { cause: Object.assign(new Error('write CONNECT_TIMEOUT'), { code: 'CONNECT_TIMEOUT', errno: 'CONNECT_TIMEOUT' }) }), 503, 'Service Unavailable.'],
    ["postgres.js's code without its errno", Object.assign(new Error('x'), { code: 'CONNECTION_ENDED' }), 500, 'The service failed to process the request.'],
    ['a refused connection, no servers named', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect', address: '127.0.0.1', port: 5432 }), 500, 'The service failed to process the request.'],
  ])('%s', (_name, error, status, detail) => {
    const { status: sent, body } = answer(preset, error);
    expect(sent).toBe(status);
    expect(body.detail).toBe(detail);
  });

  it('reads through wrappers (cause, driverError, original, parent) and stops at a cycle', () => {
    const wrapped = Object.assign(new Error(`Failed query: insert ${SECRET}`), { cause: pg('23505') });
    expect(answer(preset, wrapped).status).toBe(409);
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.cause = cyclic;
    expect(errorChain(cyclic)).toHaveLength(1);
  });

  it('a five-letter Node system code without a severity is not a Postgres error; an unknown SQLSTATE is left alone', () => {
    expect(answer(preset, Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })).status).toBe(500);
    expect(answer(preset, pg('42P01')).status).toBe(500);
    expect(answer(preset, 'a string').status).toBe(500);
  });

  it('a retryAfter that is not a number of seconds is a TypeError at creation', () => {
    expect(() => postgresErrors({ retryAfter: -1 })).toThrow(TypeError);
    expect(() => postgresErrors({ retryAfter: Number.NaN })).toThrow(TypeError);
    expect(answer(postgresErrors({ retryAfter: 0 }), pg('40001')).headers['retry-after']).toBe('0');
  });
});

describe('mysqlErrors()', () => {
  const my = (errno: number, sqlMessage: string, code = 'ER_X') => Object.assign(new Error(sqlMessage), { errno, code, sqlState: '23000', sqlMessage });
  it.each([
    [1062, `Duplicate entry '${SECRET}' for key 'PRIMARY'`, 409, 'A record with the same unique value already exists (constraint PRIMARY).'],
    [1217, 'Cannot delete', 409, 'The record is still referred to by other records.'],
    [1216, 'Cannot add', 409, 'The request refers to a related record that does not exist.'],
    [1048, `Column '${SECRET} x' cannot be null`, 400, 'A required value is missing.'],
    [1213, 'Deadlock', 503, 'Service Unavailable.'],
  ])('%i', (errno, message, status, detail) => {
    const { status: sent, body } = answer(mysqlErrors(), my(errno, message));
    expect(sent).toBe(status);
    expect(body.detail).toBe(detail);
  });

  it("the driver's lost connection and connect timeout -> 503; a refused connection only when the server is named", () => {
    const lost = Object.assign(new Error('Connection lost: The server closed the connection.'), { fatal: true, code: 'PROTOCOL_CONNECTION_LOST' });
    expect(answer(mysqlErrors({ retryAfter: 4 }), lost)).toMatchObject({ status: 503, headers: { 'retry-after': '4' } });
    const timeout = Object.assign(new Error('connect ETIMEDOUT'), { errorno: 'ETIMEDOUT', code: 'ETIMEDOUT', syscall: 'connect', fatal: true });
    expect(answer(mysqlErrors(), timeout).status).toBe(503);
    expect(answer(mysqlErrors(), Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT', syscall: 'connect' })).status).toBe(500);
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:3306'), { code: 'ECONNREFUSED', errno: -111, fatal: true, address: '10.0.0.7', port: 3306 });
    expect(answer(mysqlErrors(), refused).status).toBe(500);
    expect(answer(mysqlErrors({ servers: 'mysql://app@10.0.0.7/shop' }), refused).status).toBe(503);
    expect(answer(mysqlErrors({ servers: '10.0.0.7:3307' }), refused).status).toBe(500);
  });

  it('an errno without sqlState or ER_ code is not MySQL', () => {
    expect(answer(mysqlErrors(), Object.assign(new Error('x'), { errno: 1062 })).status).toBe(500);
    expect(answer(mysqlErrors(), Object.assign(new Error('x'), { errno: 1062, code: 'ER_DUP_ENTRY' })).status).toBe(409);
  });
});

describe('prismaErrors()', () => {
  const known = (code: string, meta: Record<string, unknown> = {}) => named('PrismaClientKnownRequestError', { code, clientVersion: '7.10.0', meta });
  const adapter = (code: string, cause: Record<string, unknown>) => known(code, { driverAdapterError: { name: 'DriverAdapterError', cause } });
  it.each([
    ['P2025 without a model', known('P2025'), 404, 'The requested record was not found.'],
    ['P2002, Prisma 7 fields (older adapter: cause.fields)', adapter('P2002', { kind: 'UniqueConstraintViolation', fields: ['email'] }), 409, 'A record with this email already exists.'],
    ['P2003, Prisma 7 fields', adapter('P2003', { kind: 'ForeignKeyConstraintViolation', constraint: { fields: ['authorId'] } }), 409, 'The request breaks a reference between records (authorId).'],
    ['P2003, Prisma 7 foreign key only', adapter('P2003', { kind: 'ForeignKeyConstraintViolation', constraint: { foreignKey: {} } }), 409, 'The request breaks a reference between records.'],
    ['P2011, Prisma 6 constraint string', known('P2011', { constraint: 'name' }), 400, 'A required value is missing.'],
    ['P2000', known('P2000'), 400, 'A value in the request is not in the form its field expects.'],
    ['P2039 of a mysql adapter error', adapter('P2039', { kind: 'mysql', code: 1062, message: `Duplicate entry '${SECRET}' for key 'users.email'` }), 409, 'A record with the same unique value already exists (constraint users.email).'],
    ['P2039 of an unknown kind', adapter('P2039', { kind: 'sqlite', extendedCode: 5 }), 500, 'The service failed to process the request.'],
    ['P2039 of a terminated backend (57P01)', adapter('P2039', { kind: 'postgres', code: '57P01', severity: 'FATAL', message: SECRET }), 503, 'Service Unavailable.'],
    ['P2010 raw unique violation, Prisma 7', adapter('P2010', { kind: 'UniqueConstraintViolation', constraint: { index: 'users_email_key' }, originalCode: '23505', originalMessage: SECRET }), 409, 'A record with the same unique value already exists (constraint users_email_key).'],
    ['P2010 raw not null, Prisma 7 (@prisma/adapter-pg names the column only in the message)', adapter('P2010', { kind: 'NullConstraintViolation', originalCode: '23502', originalMessage: 'null value in column "name" of relation "users" violates not-null constraint' }), 400, 'The request has 1 invalid field.'],
    ['P2010 raw foreign key, Prisma 7', adapter('P2010', { kind: 'ForeignKeyConstraintViolation', constraint: { index: 'posts_author_id_fkey' } }), 409, 'The request breaks a reference between records (posts_author_id_fkey).'],
    ['P2010 raw, the database unreachable, Prisma 7', adapter('P2010', { kind: 'DatabaseNotReachable', host: SECRET, port: 5432 }), 503, 'Service Unavailable.'],
    ['P2010 raw, a Postgres error of its own, Prisma 7', adapter('P2010', { kind: 'postgres', code: '57P01', severity: 'FATAL', message: SECRET }), 503, 'Service Unavailable.'],
    ['P2010 raw unique violation, Prisma 6 (SQLSTATE in meta)', known('P2010', { code: '23505', message: 'duplicate key value violates unique constraint "users_email_key"' }), 409, 'A record with the same unique value already exists (constraint users_email_key).'],
    ['P2010 raw not null, Prisma 6', known('P2010', { code: '23502', message: 'null value in column "name" of relation "users" violates not-null constraint' }), 400, 'The request has 1 invalid field.'],
    ['P2010 raw foreign key on insert, Prisma 6', known('P2010', { code: '23503', message: 'insert or update on table "posts" violates foreign key constraint "posts_author_id_fkey"' }), 409, 'The request refers to a related record that does not exist (posts_author_id_fkey).'],
    ['P2010 raw duplicate, Prisma 6 on MySQL', known('P2010', { code: '1062', message: `Duplicate entry '${SECRET}' for key 'users.email'` }), 409, 'A record with the same unique value already exists (constraint users.email).'],
    ['P2010 raw, a code of neither', known('P2010', { code: 'SQLITE_X', message: SECRET }), 500, 'The service failed to process the request.'],
  ])('%s', (_name, error, status, detail) => {
    const { status: sent, body } = answer(prismaErrors(), error);
    expect(sent).toBe(status);
    if (status < 500) expect(body.detail).toBe(detail);
  });

  it('a P-code on a class that is not Prisma\'s, or a Prisma error without one, is left alone', () => {
    expect(answer(prismaErrors(), Object.assign(new Error('x'), { code: 'P2025' })).status).toBe(500);
    expect(answer(prismaErrors(), named('PrismaClientRustPanicError')).status).toBe(500);
    expect(answer(prismaErrors(), named('PrismaClientInitializationError', { errorCode: 'P1017' })).status).toBe(503);
  });
});

describe('sqliteErrors()', () => {
  // node:sqlite (Node 22.5+; Node 20 has none): the shape Node's documentation gives its errors,
  // `code: 'ERR_SQLITE_ERROR'`, the extended result code in `errcode` and its text in `errstr`
  const nodeSqlite = (errcode: number, message: string) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode, errstr: 'constraint failed' });
  const sqlite3 = (code: string, errno: number, message: string) => Object.assign(new Error(`${code}: ${message}`), { errno, code });
  const libsql = (code: string, rawCode: number, message: string) => named('LibsqlError', { code, rawCode, message: `${code}: ${message}` });
  const better = (code: string, message: string) => named('SqliteError', { code, message });
  const d1 = (message: string) => Object.assign(new Error(`D1_ERROR: ${message}`), { cause: new Error(message) });
  const prisma = (extendedCode: number, message: string) => named('PrismaClientKnownRequestError', { code: 'P2039', clientVersion: '7.10.0', meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'sqlite', extendedCode, message } } } });
  it.each([
    ['better-sqlite3 UNIQUE', better('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: users.email'), 409, 'A record with this email already exists.'],
    ['better-sqlite3 PRIMARY KEY', better('SQLITE_CONSTRAINT_PRIMARYKEY', 'UNIQUE constraint failed: users.id'), 409, 'A record with this id already exists.'],
    ['better-sqlite3 UNIQUE on two columns', better('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: members.team_id, members.user_id'), 409, 'A record with this combination of team_id and user_id already exists.'],
    ['better-sqlite3 UNIQUE on an expression index', better('SQLITE_CONSTRAINT_UNIQUE', "UNIQUE constraint failed: index 'users_lower_email'"), 409, 'A record with the same unique value already exists (constraint users_lower_email).'],
    ['better-sqlite3 UNIQUE naming something that is no name', better('SQLITE_CONSTRAINT_UNIQUE', `UNIQUE constraint failed: users.${SECRET} x`), 409, 'A record with the same unique value already exists.'],
    ['better-sqlite3 FOREIGN KEY', better('SQLITE_CONSTRAINT_FOREIGNKEY', 'FOREIGN KEY constraint failed'), 409, 'The request breaks a reference between records.'],
    ['better-sqlite3 NOT NULL', better('SQLITE_CONSTRAINT_NOTNULL', 'NOT NULL constraint failed: users.name'), 400, 'The request has 1 invalid field.'],
    ['better-sqlite3 NOT NULL naming nothing', better('SQLITE_CONSTRAINT_NOTNULL', 'NOT NULL constraint failed'), 400, 'A required value is missing.'],
    ['better-sqlite3 CHECK of a named constraint', better('SQLITE_CONSTRAINT_CHECK', 'CHECK constraint failed: price_positive'), 400, 'A value in the request is outside what the database allows (constraint price_positive).'],
    ['better-sqlite3 CHECK of an expression', better('SQLITE_CONSTRAINT_CHECK', `CHECK constraint failed: name <> '${SECRET}'`), 400, 'A value in the request is outside what the database allows.'],
    ['better-sqlite3 DATATYPE (STRICT)', better('SQLITE_CONSTRAINT_DATATYPE', 'cannot store TEXT value in INTEGER column users.age'), 400, 'The value of age is not in the form the field expects.'],
    ['better-sqlite3 BUSY', better('SQLITE_BUSY', 'database is locked'), 503, 'Service Unavailable.'],
    ['better-sqlite3 LOCKED_SHAREDCACHE', better('SQLITE_LOCKED_SHAREDCACHE', 'database table is locked'), 503, 'Service Unavailable.'],
    ['sqlite3 UNIQUE (primary code, read from the message)', sqlite3('SQLITE_CONSTRAINT', 19, 'UNIQUE constraint failed: users.email'), 409, 'A record with this email already exists.'],
    ['sqlite3 NOT NULL', sqlite3('SQLITE_CONSTRAINT', 19, 'NOT NULL constraint failed: users.name'), 400, 'The request has 1 invalid field.'],
    ['sqlite3 FOREIGN KEY', sqlite3('SQLITE_CONSTRAINT', 19, 'FOREIGN KEY constraint failed'), 409, 'The request breaks a reference between records.'],
    ['sqlite3 CHECK', sqlite3('SQLITE_CONSTRAINT', 19, 'CHECK constraint failed: price > 0'), 400, 'A value in the request is outside what the database allows.'],
    ['sqlite3 a constraint it cannot tell (a trigger)', sqlite3('SQLITE_CONSTRAINT', 19, `${SECRET}`), 500, 'The service failed to process the request.'],
    ['sqlite3 BUSY', sqlite3('SQLITE_BUSY', 5, 'database is locked'), 503, 'Service Unavailable.'],
    ['node:sqlite UNIQUE (errcode 2067)', nodeSqlite(2067, 'UNIQUE constraint failed: users.email'), 409, 'A record with this email already exists.'],
    ['node:sqlite NOT NULL (errcode 1299)', nodeSqlite(1299, 'NOT NULL constraint failed: users.name'), 400, 'The request has 1 invalid field.'],
    ['node:sqlite BUSY (errcode 5)', nodeSqlite(5, 'database is locked'), 503, 'Service Unavailable.'],
    ['node:sqlite an unknown errcode', nodeSqlite(1, `no such table: ${SECRET}`), 500, 'The service failed to process the request.'],
    ['libSQL primary code with rawCode', libsql('SQLITE_CONSTRAINT', 1555, 'UNIQUE constraint failed: users.id'), 409, 'A record with this id already exists.'],
    ['libSQL extended code', libsql('SQLITE_CONSTRAINT_NOTNULL', 1299, 'NOT NULL constraint failed: users.name'), 400, 'The request has 1 invalid field.'],
    ['D1 UNIQUE', d1('UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT'), 409, 'A record with this email already exists.'],
    ['D1 FOREIGN KEY', d1('FOREIGN KEY constraint failed: SQLITE_CONSTRAINT'), 409, 'The request breaks a reference between records.'],
    ['D1 an error that is not a constraint', d1(`no such table: ${SECRET}: SQLITE_ERROR`), 500, 'The service failed to process the request.'],
    ['Prisma 7 adapter cause of kind sqlite, busy (5)', prisma(5, 'database is locked'), 503, 'Service Unavailable.'],
    ['Prisma 7 adapter cause of kind sqlite, CHECK (275)', prisma(275, `CHECK constraint failed: ${SECRET} > 0`), 400, 'A value in the request is outside what the database allows.'],
    ['Prisma 7 better-sqlite3 adapter: the driver\'s code kept in originalCode, extendedCode 1', named('PrismaClientKnownRequestError', { code: 'P2039', meta: { driverAdapterError: { cause: { kind: 'sqlite', extendedCode: 1, originalCode: 'SQLITE_CONSTRAINT_CHECK', message: 'CHECK constraint failed: age >= 0' } } } }), 400, 'A value in the request is outside what the database allows.'],
    ['TypeORM\'s QueryFailedError copies the code and leads the message with SqliteError: the driver\'s own error is read', named('QueryFailedError', { code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'SqliteError: UNIQUE constraint failed: users.email', driverError: better('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: users.email') }), 409, 'A record with this email already exists.'],
    ['Sequelize\'s SQLite dialect: a NOT NULL as a UniqueConstraintError', named('SequelizeUniqueConstraintError', { fields: [], parent: sqlite3('SQLITE_CONSTRAINT', 19, 'NOT NULL constraint failed: posts.user_id') }), 400, 'The request has 1 invalid field.'],
    ['through Drizzle\'s cause', Object.assign(new Error(`Failed query: insert ${SECRET}`), { cause: better('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: users.email') }), 409, 'A record with this email already exists.'],
    ['through TypeORM\'s driverError', named('QueryFailedError', { driverError: better('SQLITE_BUSY', 'database is locked') }), 503, 'Service Unavailable.'],
  ])('%s', (_name, error, status, detail) => {
    const { status: sent, body, headers } = answer(sqliteErrors({ retryAfter: 4 }), error);
    expect(sent).toBe(status);
    expect(body.detail).toBe(detail);
    if (status === 503) expect(headers['retry-after']).toBe('4');
  });

  it('sequelizeErrors() answers a UniqueConstraintError of Sequelize\'s SQLite dialect by the SQLite error in it', () => {
    const notNull = named('SequelizeUniqueConstraintError', { fields: [], parent: sqlite3('SQLITE_CONSTRAINT', 19, 'NOT NULL constraint failed: posts.user_id') });
    expect(answer(sequelizeErrors(), notNull).body).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'user_id', detail: 'is required' }] });
    const unique = named('SequelizeUniqueConstraintError', { fields: ['team_id', 'user_id'], parent: sqlite3('SQLITE_CONSTRAINT', 19, 'UNIQUE constraint failed: members.team_id, members.user_id') });
    expect(answer(sequelizeErrors(), unique).body.detail).toBe('A record with this combination of team_id and user_id already exists.');
  });

  it('NOT NULL names the column without a pointer; not SQLite\'s: left alone', () => {
    expect(answer(sqliteErrors(), named('SqliteError', { code: 'SQLITE_CONSTRAINT_NOTNULL', message: 'NOT NULL constraint failed: posts.user_id' })).body.errors).toEqual([{ field: 'user_id', detail: 'is required' }]);
    expect(answer(sqliteErrors(), Object.assign(new Error('x'), { code: 'SQLITE' })).status).toBe(500);
    expect(answer(sqliteErrors(), new Error('D1_ERROR: something')).status).toBe(500);
    expect(answer(sqliteErrors(), Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR' })).status).toBe(500);
    expect(answer(sqliteErrors(), named('PrismaClientKnownRequestError', { code: 'P2039', meta: { driverAdapterError: { cause: { kind: 'postgres', code: '23505' } } } })).status).toBe(500);
  });
});

describe('typeormErrors()', () => {
  it('EntityNotFoundError without an entity name in its message', () => {
    expect(answer(typeormErrors(), named('EntityNotFoundError')).body.detail).toBe('The requested record was not found.');
  });
  it('a QueryFailedError without a driver error it knows stays 500', () => {
    expect(answer(typeormErrors(), named('QueryFailedError', { driverError: new Error('x') })).status).toBe(500);
  });
  it('other errors are not TypeORM\'s', () => {
    expect(answer(typeormErrors(), pg('23505')).status).toBe(500);
  });
});

describe('sequelizeErrors()', () => {
  it.each([
    ['UniqueConstraintError with fields and their values', named('SequelizeUniqueConstraintError', { fields: { email: SECRET } }), 409, 'A record with this email already exists.'],
    ['UniqueConstraintError with the index only', named('SequelizeUniqueConstraintError', { fields: [SECRET], index: 'users_email_key' }), 409, 'A record with the same unique value already exists (constraint users_email_key).'],
    ['ForeignKeyConstraintError over mysql', named('SequelizeForeignKeyConstraintError', { parent: Object.assign(new Error('x'), { errno: 1451, sqlState: '23000' }) }), 409, 'The record is still referred to by other records.'],
    ['ForeignKeyConstraintError over mysql, the other side', named('SequelizeForeignKeyConstraintError', { parent: Object.assign(new Error('x'), { errno: 1452, sqlState: '23000' }) }), 409, 'The request refers to a related record that does not exist.'],
    ['ForeignKeyConstraintError of no known driver', named('SequelizeForeignKeyConstraintError', { index: 'fk' }), 409, 'The request breaks a reference between records (fk).'],
    ['ValidationError without items', named('SequelizeValidationError', { errors: [] }), 400, 'A value in the request is not in the form its field expects.'],
    ['ConnectionAcquireTimeoutError', named('SequelizeConnectionAcquireTimeoutError'), 503, 'Service Unavailable.'],
  ])('%s', (_name, error, status, detail) => {
    const { status: sent, body } = answer(sequelizeErrors(), error);
    expect(sent).toBe(status);
    expect(body.detail).toBe(detail);
  });

  it('field problems in our words, by validator; unknown validators and unnamed fields', () => {
    const error = named('SequelizeValidationError', {
      errors: [
        { path: 'age', validatorKey: 'min', message: SECRET },
        { path: 'name', type: 'notNull Violation', message: SECRET },
        { path: 'code', validatorKey: 'customCheck', message: SECRET },
        { path: `${SECRET} x`, validatorKey: 'isEmail' },
      ],
    });
    expect(answer(sequelizeErrors(), error).body.errors).toEqual([
      { field: 'age', pointer: '/age', detail: 'is below the allowed minimum' },
      { field: 'name', pointer: '/name', detail: 'is required' },
      { field: 'code', pointer: '/code', detail: 'is not valid' },
    ]);
  });

  it('a class name without the Sequelize name is not Sequelize\'s', () => {
    expect(answer(sequelizeErrors(), named('ValidationError', { errors: [{ path: 'x' }] })).status).toBe(500);
    expect(answer(sequelizeErrors(), named('SequelizeDatabaseError')).status).toBe(500);
  });
});

describe('mongooseErrors()', () => {
  class MongooseError extends Error {}
  const mongoose = (name: string, members: Record<string, unknown> = {}) => named(name, members, MongooseError);
  it('validator details from kind and the schema limits', () => {
    const error = mongoose('ValidationError', {
      errors: {
        a: { kind: 'max', path: 'a', properties: {} },
        b: { kind: 'maxlength', path: 'b', properties: { maxlength: 5 } },
        c: { kind: 'minlength', path: 'c', properties: {} },
        d: { kind: 'maxlength', path: 'd', properties: {} },
        e: { kind: 'min', path: 'e', properties: { min: 'x' } },
        f: { kind: 'user defined', path: 'f', value: SECRET },
        g: { name: 'CastError', kind: `${SECRET} type`, path: 'g' },
        h: { kind: 'required' },
      },
    });
    expect(answer(mongooseErrors(), error).body.errors.map((item: { field: string; detail: string }) => [item.field, item.detail])).toEqual([
      ['a', 'is above the allowed maximum'],
      ['b', 'must be at most 5 characters long'],
      ['c', 'is too short'],
      ['d', 'is too long'],
      ['e', 'is below the allowed minimum'],
      ['f', 'is not valid'],
      ['g', 'is not of the expected type'],
      ['h', 'is required'],
    ]);
  });

  it('a ValidationError whose errors cannot be read, a CastError without a path, a bulk write E11000 without keyPattern', () => {
    expect(answer(mongooseErrors(), mongoose('ValidationError', { errors: null })).body.detail).toBe('A value in the request is not in the form its field expects.');
    expect(answer(mongooseErrors(), mongoose('CastError')).body.detail).toBe('A value in the request is not in the form its field expects.');
    expect(answer(mongooseErrors(), named('MongoBulkWriteError', { code: 11000 })).body.detail).toBe('A record with the same unique value already exists.');
    expect(answer(mongooseErrors(), named('MongoNotConnectedError')).status).toBe(503);
  });

  it('code 11000 on an error that is not Mongo\'s is left alone', () => {
    expect(answer(mongooseErrors(), Object.assign(new Error('x'), { code: 11000 })).status).toBe(500);
  });
});

describe('jwtErrors()', () => {
  it.each([
    ['jose by code: JWKSNoMatchingKey', Object.assign(new Error('x'), { code: 'ERR_JWKS_NO_MATCHING_KEY' }), 'The access token is invalid'],
    ['jose claim failed on exp is invalid, not expired', Object.assign(new Error('x'), { code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'aud' }), 'The access token is invalid'],
    ['a subclass of TokenExpiredError', named('TokenExpiredError'), 'The access token expired'],
  ])('%s', (_name, error, description) => {
    const { status, headers } = answer(jwtErrors(), error);
    expect(status).toBe(401);
    expect(headers['www-authenticate']).toBe(`Bearer error="invalid_token", error_description="${description}"`);
  });

  it('other ERR_ codes are not a rejected token', () => {
    expect(answer(jwtErrors(), Object.assign(new Error('x'), { code: 'ERR_JWE_DECRYPTION_FAILED' })).status).toBe(500);
    expect(() => jwtErrors({ realm: 7 as never })).toThrow(TypeError);
    expect(() => jwtErrors(null as never)).not.toThrow();
  });
});

describe('recognising by shape never throws', () => {
  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );

  it.each([
    ['postgres', postgresErrors()],
    ['mysql', mysqlErrors()],
    ['prisma', prismaErrors()],
    ['typeorm', typeormErrors()],
    ['sequelize', sequelizeErrors()],
    ['mongoose', mongooseErrors()],
    ['jwt', jwtErrors()],
  ])('%s: a hostile value gets the usual 500, and the preset says what it can answer', (_name, preset) => {
    expect(answer(preset, hostile).status).toBe(500);
    expect(preset.answers?.length).toBeGreaterThan(0);
    expect(preset.name).toMatch(/Errors$/);
  });

  it('classNames walks the prototype chain; schema names refuse anything that is not one', () => {
    class Base extends Error {}
    class Child extends Base {}
    expect(classNames(Object.assign(new Child(), { name: 'SequelizeChild' }))).toEqual(['SequelizeChild', 'Child', 'Base']);
    expect(classNames(hostile)).toEqual([]);
    expect(schemaName('users.email')).toBe('users.email');
    expect(schemaName("a'; drop")).toBeUndefined();
    expect(schemaNames(['a', 'a', 'b c', 7, 'b'])).toEqual(['a', 'b']);
    expect(schemaNames(hostile)).toEqual([]);
  });
});
