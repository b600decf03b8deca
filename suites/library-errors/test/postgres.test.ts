// postgresErrors() against a real Postgres engine (PGlite), through every Postgres client users
// run: PGlite itself, node-postgres, postgres.js, and the query builders that wrap a driver's
// error (Drizzle's DrizzleQueryError, Kysely's rethrown driver error).
import { postgresErrors } from '@error-contract/core/presets';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { Kysely, PostgresDialect, sql as kyselySql } from 'kysely';
import pg from 'pg';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_VALUE } from '../src/secrets.js';

const contract = contractWith(postgresErrors({ retryAfter: 2 }));

// The statements that fail, each with the values a client might have sent (planted secrets).
const FAILURES = {
  unique: `insert into users (email, name) values ('${SECRET_EMAIL}', '${SECRET_VALUE}')`,
  missingReference: `insert into posts (author_id, title) values (4242, '${SECRET_VALUE}')`,
  stillReferenced: `delete from users where email = '${SECRET_EMAIL}'`,
  notNull: `insert into users (email) values ('${SECRET_VALUE}')`,
  malformed: `select * from users where id = '${SECRET_VALUE}'`,
} as const;

// The retryable SQLSTATEs need a second connection, a timer or a server going away, which one
// PGlite connection has not: PL/pgSQL raises each, so that the engine and the driver still build
// the error as they build any other. test/real-postgres.test.ts makes 57P01 for real, with a
// backend terminated and a server stopped.
const raised = (sqlstate: string) => `do $$ begin raise exception 'planted-value-9b1c' using errcode = '${sqlstate}'; end $$`;

type Run = (statement: string) => Promise<unknown>;

let server: PostgresServer;
const clients: Record<string, { run: Run; close(): Promise<void> }> = {};

beforeAll(async () => {
  server = await startPostgres();
  clients.pglite = { run: (statement) => server.db.exec(statement), close: async () => {} };
  const pool = new pg.Pool({ connectionString: server.url, max: 1 });
  clients['node-postgres'] = { run: (statement) => pool.query(statement), close: () => pool.end() };
  const porsager = postgres(server.url, { max: 1, onnotice: () => {} });
  clients['postgres.js'] = { run: (statement) => porsager.unsafe(statement), close: () => porsager.end() };
  const drizzleOnPglite = drizzlePglite(server.db);
  clients['drizzle (pglite)'] = { run: (statement) => drizzleOnPglite.execute(sql.raw(statement)), close: async () => {} };
  const drizzlePool = new pg.Pool({ connectionString: server.url, max: 1 });
  const drizzleOnPg = drizzlePg(drizzlePool);
  clients['drizzle (node-postgres)'] = { run: (statement) => drizzleOnPg.execute(sql.raw(statement)), close: () => drizzlePool.end() };
  const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: server.url, max: 1 }) }) });
  clients.kysely = {
    run: (statement) => kyselySql.raw(statement).execute(kysely),
    close: () => kysely.destroy(),
  };
});

afterAll(async () => {
  for (const client of Object.values(clients)) await client.close();
  await server?.stop();
});

const CLIENTS = ['pglite', 'node-postgres', 'postgres.js', 'drizzle (pglite)', 'drizzle (node-postgres)', 'kysely'];

describe.each(CLIENTS)('postgresErrors() on %s', (name) => {
  const fail = (statement: string) => caught(() => clients[name]!.run(statement));

  it('23505 unique violation -> 409 conflict naming the column, never the value', async () => {
    const error = await fail(FAILURES.unique);
    // the wrappers are read through: Drizzle's error quotes the SQL and its parameters in its message
    if (name.startsWith('drizzle')) expect((error as Error).constructor.name).toBe('DrizzleQueryError');
    const { status, body } = answer(contract, error);
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'conflict', detail: 'A record with this email already exists.' });
  });

  it('23503 on insert -> 409 conflict: the related record does not exist', async () => {
    const { status, body } = answer(contract, await fail(FAILURES.missingReference));
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'conflict', detail: 'The request refers to a related record that does not exist (posts_author_id_fkey).' });
  });

  it('23503 on delete -> 409 conflict: others still refer to the record', async () => {
    const { status, body } = answer(contract, await fail(FAILURES.stillReferenced));
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'conflict', detail: 'The record is still referred to by other records (posts_author_id_fkey).' });
  });

  it('23502 not null -> 400 validation_failed with the column', async () => {
    const { status, body } = answer(contract, await fail(FAILURES.notNull));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'name', detail: 'is required' }] });
  });

  it('23502: the column without a pointer, unless `fields` maps it to a request field', async () => {
    const error = await fail(FAILURES.notNull);
    expect(answer(contract, error).body.errors).toEqual([{ field: 'name', detail: 'is required' }]);
    expect(answer(contractWith(postgresErrors({ fields: { name: 'fullName' } })), error).body.errors).toEqual([{ field: 'fullName', pointer: '/fullName', detail: 'is required' }]);
  });

  it('22P02 malformed value -> 400 bad_request', async () => {
    const { status, body } = answer(contract, await fail(FAILURES.malformed));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'bad_request', detail: 'A value in the request is not in the form its field expects.' });
  });

  it.each(['40001', '40P01', '57014', '53300', '08006', '57P01', '57P03'])('%s -> 503 service_unavailable with Retry-After', async (sqlstate) => {
    const { status, body, headers } = answer(contract, await fail(raised(sqlstate)));
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: 'service_unavailable', detail: 'Service Unavailable.' });
    expect(headers['retry-after']).toBe('2');
  });

  it('an error the preset does not know stays a generic 500', async () => {
    const { status, body } = answer(contract, await fail(raised('P0001')));
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'internal_server_error' });
  });
});
