// typeormErrors() on TypeORM 1 over a real Postgres (PGlite through node-postgres): findOneByOrFail's
// EntityNotFoundError and the QueryFailedError around pg's own errors.
import { typeormErrors } from '@error-contract/core/presets';
import { DataSource, EntitySchema, QueryFailedError } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_VALUE } from '../src/secrets.js';

const contract = contractWith(typeormErrors({ retryAfter: 6 }));

interface User {
  id: number;
  email: string;
  name: string;
}

const UserEntity = new EntitySchema<User>({
  name: 'User',
  tableName: 'users',
  columns: { id: { type: Number, primary: true, generated: true }, email: { type: String }, name: { type: String, nullable: true } },
});

let server: PostgresServer;
let source: DataSource;

beforeAll(async () => {
  server = await startPostgres();
  source = new DataSource({ type: 'postgres', url: server.url, entities: [UserEntity], synchronize: false, logging: false, poolSize: 1 });
  await source.initialize();
});

afterAll(async () => {
  await source?.destroy();
  await server?.stop();
});

describe('typeormErrors() on TypeORM 1 (postgres driver)', () => {
  it('EntityNotFoundError -> 404 naming the entity', async () => {
    const error = await caught(() => source.getRepository(UserEntity).findOneByOrFail({ email: SECRET_VALUE }));
    expect((error as Error).name).toBe('EntityNotFoundError');
    expect(answer(contract, error).body).toMatchObject({ status: 404, code: 'not_found', detail: 'The requested User record was not found.' });
  });

  it('QueryFailedError of a unique violation -> 409 naming the column, never the value or the query', async () => {
    const error = await caught(() => source.getRepository(UserEntity).insert({ email: SECRET_EMAIL, name: SECRET_VALUE }));
    expect((error as Error).name).toBe('QueryFailedError');
    expect(answer(contract, error).body).toMatchObject({ status: 409, code: 'conflict', detail: 'A record with this email already exists.' });
  });

  it('QueryFailedError of a not-null violation -> 400 validation_failed', async () => {
    const error = await caught(() => source.query(`insert into users (email) values ('${SECRET_VALUE}')`));
    expect(answer(contract, error).body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'name', detail: 'is required' }] });
  });

  it('QueryFailedError of a foreign key violation -> 409', async () => {
    const error = await caught(() => source.query(`insert into posts (author_id, title) values (4242, '${SECRET_VALUE}')`));
    expect(answer(contract, error).status).toBe(409);
  });

  it('QueryFailedError of a malformed value -> 400 bad_request', async () => {
    const error = await caught(() => source.getRepository(UserEntity).findOneBy({ id: SECRET_VALUE as never }));
    expect(answer(contract, error).body).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('QueryFailedError of a serialization failure -> 503 with Retry-After', async () => {
    const error = await caught(() => source.query(`do $$ begin raise exception '${SECRET_VALUE}' using errcode = '40001'; end $$`));
    const { status, headers } = answer(contract, error);
    expect(status).toBe(503);
    expect(headers['retry-after']).toBe('6');
  });

  it('QueryFailedError over mysql2 is read through to its errno', () => {
    // TypeORM's class around a mysql2 error, as the mysql driver builds it
    const mysqlError = Object.assign(new Error(`Duplicate entry '${SECRET_EMAIL}' for key 'users.email'`), { code: 'ER_DUP_ENTRY', errno: 1062, sqlState: '23000', sqlMessage: `Duplicate entry '${SECRET_EMAIL}' for key 'users.email'` });
    const error = new QueryFailedError(`insert into users values ('${SECRET_EMAIL}')`, [SECRET_EMAIL], mysqlError);
    expect(answer(contract, error).body).toMatchObject({ status: 409, detail: 'A record with the same unique value already exists (constraint users.email).' });
  });
});
