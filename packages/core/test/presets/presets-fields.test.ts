// The `fields` option of the presets that name a database's columns: a column is named as a
// request field (with a JSON Pointer) only when `fields` maps it; otherwise the field problem
// names the column and carries no pointer, since the request has no such member (issue 47).
import { describe, expect, it } from 'vitest';
import { ContractError, createErrorContract, type ErrorMapper } from '../../src/index.js';
import { type FieldOptions, mongooseErrors, mysqlErrors, postgresErrors, prismaErrors, sequelizeErrors, sqliteErrors, typeormErrors } from '../../src/presets/index.js';
import { request } from '../helpers.js';

const SECRET = 'planted-5ecret';

function named(name: string, members: Record<string, unknown> = {}, parent: new (message?: string) => Error = Error): Error {
  const Class = { [name]: class extends parent {} }[name]!;
  return Object.assign(new Class(`${SECRET} message`), { name, ...members });
}

function body(mapper: ErrorMapper, error: unknown, shape: 'detailed' | 'compact' = 'detailed') {
  const response = createErrorContract({ map: [mapper], logger: false, shape }).respond(error, request({ method: 'POST' }));
  expect(`${response.body}`).not.toContain(SECRET);
  return { status: response.status, ...(JSON.parse(response.body as string) as Record<string, any>) } as Record<string, any>;
}

const pg = (code: string, members: Record<string, unknown> = {}) => named('error', { code, severity: 'ERROR', ...members });
const pgNotNull = () => pg('23502', { column: 'user_id' });
const pgUnique = () => pg('23505', { detail: `Key (tenant_id, user_id)=(1, ${SECRET}) already exists.` });
const mysqlNotNull = () => Object.assign(new Error('x'), { errno: 1048, code: 'ER_BAD_NULL_ERROR', sqlState: '23000', sqlMessage: "Column 'user_id' cannot be null" });
const prismaAdapter = (code: string, cause: Record<string, unknown>) => named('PrismaClientKnownRequestError', { code, clientVersion: '7.10.0', meta: { driverAdapterError: { name: 'DriverAdapterError', cause } } });
const sqlite = (code: string, message: string) => named('SqliteError', { code, message });

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const MAPPED: FieldOptions[] = [{ fields: { user_id: 'userId', tenant_id: 'tenantId' } }, { fields: camel }];

// Every preset whose NOT NULL answer names a column, with the column's error as its library builds it.
const NOT_NULL: [string, (options?: FieldOptions) => ErrorMapper, () => unknown][] = [
  ['postgresErrors', postgresErrors, pgNotNull],
  ['mysqlErrors', mysqlErrors, mysqlNotNull],
  ['typeormErrors over pg', typeormErrors, () => named('QueryFailedError', { driverError: pgNotNull() })],
  ['typeormErrors over mysql2', typeormErrors, () => named('QueryFailedError', { driverError: mysqlNotNull() })],
  ['prismaErrors P2011 (Prisma 7 adapter)', prismaErrors, () => prismaAdapter('P2011', { kind: 'NullConstraintViolation', constraint: { fields: ['user_id'] } })],
  ['prismaErrors P2039 of a postgres cause', prismaErrors, () => prismaAdapter('P2039', { kind: 'postgres', code: '23502', column: 'user_id', severity: 'ERROR' })],
  ['sqliteErrors', sqliteErrors, () => sqlite('SQLITE_CONSTRAINT_NOTNULL', 'NOT NULL constraint failed: posts.user_id')],
];

describe('a NOT NULL column names a request field only through `fields`', () => {
  it.each(NOT_NULL)('%s: without `fields`, the column and no pointer', (_name, preset, error) => {
    const sent = body(preset(), error());
    expect(sent).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(sent.errors).toEqual([{ field: 'user_id', detail: 'is required' }]);
  });

  it.each(NOT_NULL.flatMap(([name, preset, error]) => MAPPED.map((options) => [`${name}, fields as ${typeof options.fields}`, preset, error, options] as const)))('%s: the request field and its pointer', (_name, preset, error, options) => {
    expect(body(preset(options), error()).errors).toEqual([{ field: 'userId', pointer: '/userId', detail: 'is required' }]);
  });

  it.each([
    ['a record without the column', { user_id_x: 'x' }],
    ['a function returning undefined', () => undefined],
    ['a function returning an empty name', () => ''],
    ['a function that throws', () => {
      throw new Error(SECRET);
    }],
  ])('%s: the column, no pointer', (_name, fields) => {
    expect(body(postgresErrors({ fields: fields as FieldOptions['fields'] }), pgNotNull()).errors).toEqual([{ field: 'user_id', detail: 'is required' }]);
  });

  it('the compact shape names the column (it has no pointer either way)', () => {
    expect(body(postgresErrors(), pgNotNull(), 'compact').errors).toEqual([{ code: 'validation_failed', message: 'user_id: is required' }]);
    expect(body(postgresErrors({ fields: camel }), pgNotNull(), 'compact').errors).toEqual([{ code: 'validation_failed', message: 'userId: is required' }]);
  });

  it('a record member named like an Object.prototype key is no mapping', () => {
    const sent = body(postgresErrors({ fields: { user_id: 'userId' } }), pg('23502', { column: 'constructor' }));
    expect(sent.errors).toEqual([{ field: 'constructor', detail: 'is required' }]);
  });

  it('a `fields` that is neither a record of names nor a function is a TypeError at creation', () => {
    for (const fields of [null, 'userId', ['user_id'], { user_id: 7 }, { user_id: '' }]) {
      expect(() => postgresErrors({ fields: fields as never })).toThrow(TypeError);
      expect(() => sqliteErrors({ fields: fields as never })).toThrow(TypeError);
    }
  });
});

describe('a conflict names the key by its request fields where `fields` maps them', () => {
  it.each([
    ['postgresErrors', postgresErrors, pgUnique],
    ['typeormErrors', typeormErrors, () => named('QueryFailedError', { driverError: pgUnique() })],
    ['prismaErrors (Prisma 7 adapter)', prismaErrors, () => prismaAdapter('P2002', { kind: 'UniqueConstraintViolation', constraint: { fields: ['tenant_id', 'user_id'] } })],
    ['sequelizeErrors', sequelizeErrors, () => named('SequelizeUniqueConstraintError', { fields: { tenant_id: '1', user_id: SECRET } })],
    ['sqliteErrors', sqliteErrors, () => sqlite('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: members.tenant_id, members.user_id')],
  ] as const)('%s', (_name, preset, error) => {
    expect(body(preset(), error()).detail).toBe('A record with this combination of tenant_id and user_id already exists.');
    expect(body(preset({ fields: camel }), error()).detail).toBe('A record with this combination of tenantId and userId already exists.');
    expect(body(preset({ fields: { user_id: 'userId' } }), error()).detail).toBe('A record with this combination of tenant_id and userId already exists.');
  });

  it('prismaErrors P2003 names the mapped fields', () => {
    const error = prismaAdapter('P2003', { kind: 'ForeignKeyConstraintViolation', constraint: { fields: ['author_id'] } });
    expect(body(prismaErrors({ fields: camel }), error).detail).toBe('The request breaks a reference between records (authorId).');
  });
});

describe('Mongoose: a schema path is a request field unless `fields` says otherwise', () => {
  class MongooseError extends Error {}
  const invalid = () => named('ValidationError', { errors: { user_id: { kind: 'required', path: 'user_id' } } }, MongooseError);
  it('without `fields`: the path with its pointer', () => {
    expect(body(mongooseErrors(), invalid()).errors).toEqual([{ field: 'user_id', pointer: '/user_id', detail: 'is required' }]);
  });
  it('with `fields`: mapped, or named without a pointer when left out', () => {
    expect(body(mongooseErrors({ fields: camel }), invalid()).errors).toEqual([{ field: 'userId', pointer: '/userId', detail: 'is required' }]);
    expect(body(mongooseErrors({ fields: {} }), invalid()).errors).toEqual([{ field: 'user_id', detail: 'is required' }]);
    expect(body(mongooseErrors({ fields: camel }), named('MongoServerError', { code: 11000, keyPattern: { user_id: 1 } })).detail).toBe('A record with this userId already exists.');
  });
});

describe('FieldError.pointer: false', () => {
  it('our own errors may say a field is no member of the request', () => {
    const error = new ContractError(400, 'Two fields are missing.', { code: 'validation_failed', fieldErrors: [{ field: 'user_id', detail: 'is required', pointer: false }, { field: 'name', detail: 'is required' }] });
    const sent = body(postgresErrors(), error);
    expect(sent.errors).toEqual([
      { field: 'user_id', detail: 'is required' },
      { field: 'name', pointer: '/name', detail: 'is required' },
    ]);
  });
});
