// sequelizeErrors() on Sequelize 6 over a real Postgres (PGlite through node-postgres): its own
// validation, unique and foreign key errors, `rejectOnEmpty`, and a real refused connection.
import { sequelizeErrors } from '@error-contract/core/presets';
import { DataTypes, Sequelize, TimeoutError } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, startPostgres } from '../src/postgres-server.js';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_VALUE } from '../src/secrets.js';

const contract = contractWith(sequelizeErrors({ retryAfter: 5 }));

let server: PostgresServer;
let sequelize: Sequelize;
let User: any;
let Post: any;

beforeAll(async () => {
  server = await startPostgres();
  sequelize = new Sequelize(server.url, { dialect: 'postgres', logging: false, pool: { max: 1 } });
  User = sequelize.define('user', {
    email: { type: DataTypes.TEXT, unique: true, allowNull: false, validate: { isEmail: true } },
    name: { type: DataTypes.TEXT, allowNull: false, validate: { len: [1, 50] } },
  }, { tableName: 'users', timestamps: false });
  Post = sequelize.define('post', { author_id: { type: DataTypes.INTEGER, allowNull: false }, title: { type: DataTypes.TEXT, allowNull: false } }, { tableName: 'posts', timestamps: false });
});

afterAll(async () => {
  await sequelize?.close();
  await server?.stop();
});

describe('sequelizeErrors() on Sequelize 6 (postgres dialect)', () => {
  it('ValidationError -> 400 validation_failed, one field problem per item, by its validator', async () => {
    const error = await caught(() => User.create({ email: SECRET_VALUE, name: '' }));
    expect((error as Error).name).toBe('SequelizeValidationError');
    const { status, body } = answer(contract, error);
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { field: 'email', pointer: '/email', detail: 'must be an email address' },
      { field: 'name', pointer: '/name', detail: 'has a length outside the allowed range' },
    ]);
  });

  it('a null where the model needs a value -> "is required"', async () => {
    const error = await caught(() => User.create({ email: 'x@example.com' }));
    expect(answer(contract, error).body.errors).toEqual([{ field: 'name', pointer: '/name', detail: 'is required' }]);
  });

  it('UniqueConstraintError from the database -> 409 naming the field, never the value', async () => {
    const error = await caught(() => User.create({ email: SECRET_EMAIL, name: 'Someone' }));
    expect((error as Error).name).toBe('SequelizeUniqueConstraintError');
    expect(answer(contract, error).body).toMatchObject({ status: 409, code: 'conflict', detail: 'A record with this email already exists.' });
  });

  it('ForeignKeyConstraintError on insert and on delete -> 409 saying which side broke', async () => {
    const insert = await caught(() => Post.create({ author_id: 4242, title: SECRET_VALUE }));
    expect((insert as Error).name).toBe('SequelizeForeignKeyConstraintError');
    expect(answer(contract, insert).body).toMatchObject({ status: 409, detail: 'The request refers to a related record that does not exist (posts_author_id_fkey).' });
    const remove = await caught(() => User.destroy({ where: { email: SECRET_EMAIL } }));
    expect(answer(contract, remove).body).toMatchObject({ status: 409, detail: 'The record is still referred to by other records (posts_author_id_fkey).' });
  });

  it('EmptyResultError (rejectOnEmpty) -> 404', async () => {
    const error = await caught(() => User.findOne({ where: { email: SECRET_VALUE }, rejectOnEmpty: true }));
    expect((error as Error).name).toBe('SequelizeEmptyResultError');
    expect(answer(contract, error).status).toBe(404);
  });

  it('ConnectionRefusedError, a subclass of ConnectionError (a real refused connection) -> 503 with Retry-After', async () => {
    const closed = new Sequelize('postgres://postgres@127.0.0.1:1/postgres', { dialect: 'postgres', logging: false, retry: { max: 0 } });
    const error = await caught(() => closed.authenticate());
    expect((error as Error).name).toBe('SequelizeConnectionRefusedError');
    const { status, headers } = answer(contract, error);
    expect(status).toBe(503);
    expect(headers['retry-after']).toBe('5');
    await closed.close();
  });

  it('TimeoutError -> 503', () => {
    // as the dialect builds it for a lock timeout: Sequelize's class around the driver's error
    const error = new TimeoutError(Object.assign(new Error(`canceling statement ${SECRET_VALUE}`), { sql: `select ${SECRET_VALUE}` }) as never);
    expect(answer(contract, error).status).toBe(503);
  });
});
