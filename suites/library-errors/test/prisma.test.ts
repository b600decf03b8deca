// prismaErrors() on Prisma 7 and Prisma 6 errors. A real Prisma Client 7 (generated ahead of time:
// src/prisma/schema.prisma says why) runs in test/real-postgres.test.ts on a real PostgreSQL
// server. Here, on PGlite, and for Prisma 6, whose query engine is a binary downloaded at install
// from outside npm:
// - Prisma 7: the driver adapter (@prisma/adapter-pg) runs for real against Postgres (PGlite) and
//   makes its DriverAdapterError from the real pg error; the client's error around it is built as
//   Prisma 7's runtime builds it (`new PrismaClientKnownRequestError(message, { code, meta:
//   { driverAdapterError } })`, the code chosen from the adapter error's kind as the runtime does);
// - Prisma 6: the error classes of @prisma/client 6's runtime, built with the `meta` Prisma 6's
//   engine sends for each code (its error reference).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClientInitializationError as Initialization7, PrismaClientKnownRequestError as Known7 } from '@prisma/client/runtime/client';
import { prismaErrors } from '@error-contract/core/presets';
import * as Prisma6 from 'prisma6/runtime/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_VALUE } from '../src/secrets.js';

const contract = contractWith(prismaErrors({ retryAfter: 3 }));

// Prisma 7's runtime: the P-code of a driver adapter error's kind (client-engine-runtime's table).
const CODE_OF_KIND: Record<string, string> = {
  UniqueConstraintViolation: 'P2002',
  ForeignKeyConstraintViolation: 'P2003',
  NullConstraintViolation: 'P2011',
  InvalidInputValue: 'P2007',
  TransactionWriteConflict: 'P2034',
  TooManyConnections: 'P2037',
  SocketTimeout: 'P1008',
};

function asClientError(driverAdapterError: any, modelName = 'User'): Known7 {
  const code = CODE_OF_KIND[driverAdapterError.cause.kind] ?? 'P2039';
  return new Known7(`Invalid \`prisma.user.create()\` invocation: ${driverAdapterError.cause.originalMessage}`, {
    code,
    clientVersion: '7.10.0',
    meta: { modelName, driverAdapterError },
  });
}

let server: PostgresServer;
let adapter: Awaited<ReturnType<PrismaPg['connect']>>;

beforeAll(async () => {
  server = await startPostgres();
  adapter = await new PrismaPg({ connectionString: server.url }).connect();
});

afterAll(async () => {
  await adapter?.dispose();
  await server?.stop();
});

const adapterFailure = async (sql: string) => asClientError(await caught(() => adapter.queryRaw({ sql, args: [], argTypes: [] })));

describe('prismaErrors() on Prisma 7 with @prisma/adapter-pg', () => {
  it('P2002 from a real unique violation -> 409 conflict naming the constraint, never the value', async () => {
    const error = await adapterFailure(`insert into users (email, name) values ('${SECRET_EMAIL}', '${SECRET_VALUE}')`);
    expect(error.code).toBe('P2002');
    const { status, body } = answer(contract, error);
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'conflict', detail: 'A record with the same unique value already exists (constraint users_email_key).' });
  });

  it('P2002 whose adapter names the fields -> 409 naming them', () => {
    const error = asClientError({ name: 'DriverAdapterError', cause: { kind: 'UniqueConstraintViolation', constraint: { fields: ['email'] }, originalMessage: SECRET_VALUE } });
    expect(answer(contract, error).body).toMatchObject({ status: 409, detail: 'A record with this email already exists.' });
  });

  it('P2003 from a real foreign key violation -> 409 conflict', async () => {
    const error = await adapterFailure(`insert into posts (author_id, title) values (4242, '${SECRET_VALUE}')`);
    expect(error.code).toBe('P2003');
    expect(answer(contract, error).body).toMatchObject({ status: 409, code: 'conflict', detail: 'The request breaks a reference between records (posts_author_id_fkey).' });
  });

  it("P2011 from a real not-null violation -> 400 validation_failed naming the column (the adapter names no field: Postgres's message does)", async () => {
    const error = await adapterFailure(`insert into users (email) values ('${SECRET_VALUE}')`);
    expect(error.code).toBe('P2011');
    expect(error.meta).toMatchObject({ driverAdapterError: { cause: { kind: 'NullConstraintViolation', constraint: undefined } } });
    expect(answer(contract, error).body).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'name', detail: 'is required' }] });
  });

  it('P2011 with the fields named -> 400 validation_failed, one field problem each', () => {
    const error = asClientError({ name: 'DriverAdapterError', cause: { kind: 'NullConstraintViolation', constraint: { fields: ['name', 'email'] } } });
    expect(answer(contract, error).body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'name', detail: 'is required' }, { field: 'email', detail: 'is required' }] });
  });

  it('P2007 from a real malformed value -> 400 bad_request', async () => {
    const error = await adapterFailure(`select * from users where id = '${SECRET_VALUE}'`);
    expect(error.code).toBe('P2007');
    expect(answer(contract, error).body).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('P2039, a Postgres error Prisma has no code for (a real statement timeout SQLSTATE) -> answered as postgresErrors() would: 503', async () => {
    const error = await adapterFailure(`do $$ begin raise exception '${SECRET_VALUE}' using errcode = '57014'; end $$`);
    expect(error.code).toBe('P2039');
    const { status, headers } = answer(contract, error);
    expect(status).toBe(503);
    expect(headers['retry-after']).toBe('3');
  });

  it.each(['TransactionWriteConflict', 'TooManyConnections', 'SocketTimeout'])('%s -> 503 with Retry-After', (kind) => {
    const { status, headers, body } = answer(contract, asClientError({ name: 'DriverAdapterError', cause: { kind } }));
    expect(status).toBe(503);
    expect(body.code).toBe('service_unavailable');
    expect(headers['retry-after']).toBe('3');
  });

  it('P2025 (findUniqueOrThrow) -> 404 naming the model', () => {
    const error = new Known7('No record was found for a query.', { code: 'P2025', clientVersion: '7.10.0', meta: { modelName: 'Widget', cause: `where id = ${SECRET_VALUE}` } });
    expect(answer(contract, error).body).toMatchObject({ status: 404, code: 'not_found', detail: 'The requested Widget record was not found.' });
  });

  it('P1001 PrismaClientInitializationError -> 503', () => {
    const error = new Initialization7(`Can't reach database server at ${SECRET_VALUE}:5432`, '7.10.0', 'P1001');
    expect(answer(contract, error).status).toBe(503);
  });
});

describe('prismaErrors() on Prisma 6', () => {
  const known = (code: string, meta: Record<string, unknown>) =>
    new Prisma6.PrismaClientKnownRequestError(`Invalid \`prisma.user.create()\` invocation:\n\n${SECRET_VALUE}`, { code, clientVersion: '6.9.0', meta });

  it('P2002 with meta.target fields -> 409 naming them', () => {
    expect(answer(contract, known('P2002', { modelName: 'User', target: ['email'] })).body).toMatchObject({ status: 409, detail: 'A record with this email already exists.' });
    expect(answer(contract, known('P2002', { target: ['tenant_id', 'slug'] })).body).toMatchObject({ detail: 'A record with this combination of tenant_id and slug already exists.' });
  });

  it('P2002 with the index name as target -> 409 naming the constraint', () => {
    expect(answer(contract, known('P2002', { target: 'User_email_key' })).body).toMatchObject({ detail: 'A record with the same unique value already exists (constraint User_email_key).' });
  });

  it('P2003 with meta.field_name -> 409', () => {
    expect(answer(contract, known('P2003', { field_name: 'Post_authorId_fkey (index)' })).body).toMatchObject({ status: 409, detail: 'The request breaks a reference between records (Post_authorId_fkey).' });
  });

  it('P2011 with meta.constraint -> 400 validation_failed', () => {
    expect(answer(contract, known('P2011', { constraint: ['name'] })).body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'name', detail: 'is required' }] });
  });

  it('P2025 -> 404', () => {
    expect(answer(contract, known('P2025', { modelName: 'Widget', cause: 'Record to update not found.' })).status).toBe(404);
  });

  it('P2024 pool timeout -> 503, and P1001 on initialisation -> 503', () => {
    expect(answer(contract, known('P2024', { connection_limit: 5, timeout: 10 })).status).toBe(503);
    expect(answer(contract, new Prisma6.PrismaClientInitializationError(`Can't reach database server at \`${SECRET_VALUE}\``, '6.9.0', 'P1001')).status).toBe(503);
  });

  it("P2010 raw query ($executeRaw without an adapter): the database's code in meta, answered as the model API's", () => {
    const unique = known('P2010', { code: '23505', message: 'duplicate key value violates unique constraint "users_email_key"' });
    expect(answer(contract, unique).text).toBe(answer(contract, known('P2002', { target: 'users_email_key' })).text);
    const notNull = known('P2010', { code: '23502', message: 'null value in column "name" of relation "users" violates not-null constraint' });
    expect(answer(contract, notNull).body).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'name', detail: 'is required' }] });
    const terminated = known('P2010', { code: '57P01', message: 'terminating connection due to administrator command' });
    expect(answer(contract, terminated)).toMatchObject({ status: 503, headers: { 'retry-after': '3' } });
    const mysqlDuplicate = known('P2010', { code: '1062', message: `Duplicate entry '${SECRET_EMAIL}' for key 'users.email'` });
    expect(answer(contract, mysqlDuplicate).body).toMatchObject({ status: 409, detail: 'A record with the same unique value already exists (constraint users.email).' });
  });

  it('a code the preset does not know, and a validation error without a code, stay 500', () => {
    expect(answer(contract, known('P2010', { message: SECRET_VALUE })).status).toBe(500);
    expect(answer(contract, new Prisma6.PrismaClientValidationError(`Argument \`email\`: ${SECRET_VALUE}`, { clientVersion: '6.9.0' })).status).toBe(500);
  });
});
