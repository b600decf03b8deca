// sqliteErrors() through the ORMs and query builders on SQLite, each on a real file in a temp
// folder: Drizzle (better-sqlite3 and libSQL drivers), TypeORM 1 (better-sqlite3 driver),
// Sequelize 6 (sqlite3) and Prisma 7's @prisma/adapter-better-sqlite3. Each app lists
// sqliteErrors() beside its ORM's preset, as the site's presets page (docs/presets/index.md) says.
// Prisma: the driver adapter runs for real and makes its DriverAdapterError from better-sqlite3's
// real error; the client's error around it is built as Prisma 7's runtime builds it (the code from
// the adapter error's kind), since the client needs `prisma generate` (see prisma.test.ts).
import { createClient } from '@libsql/client';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClientKnownRequestError as Known7 } from '@prisma/client/runtime/client';
import { prismaErrors, sequelizeErrors, sqliteErrors, typeormErrors } from '@error-contract/core/presets';
import Database from 'better-sqlite3';
import { drizzle as drizzleBetter } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { QueryTypes, Sequelize } from 'sequelize';
import { DataSource } from 'typeorm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSqliteText, SCHEMA, SEED, tempFolder } from '../src/sqlite-files.js';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_NAME, SECRET_VALUE } from '../src/secrets.js';

const camelCase = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

const folder = tempFolder('sqlite-orms');
afterAll(() => folder.remove());

/** A new database file with the schema and the seed rows. */
function database(name: string): string {
  const file = folder.path(`${name}.db`);
  const db = new Database(file);
  for (const statement of [...SCHEMA, ...SEED]) db.exec(statement);
  db.close();
  return file;
}

function checked(contract: ReturnType<typeof contractWith>, error: unknown) {
  const sent = answer(contract, error);
  expectNoSqliteText(sent.text);
  return sent;
}

const users = sqliteTable('users', { id: integer('id').primaryKey(), email: text('email').notNull(), name: text('name').notNull(), age: integer('age') });
const posts = sqliteTable('posts', { id: integer('id').primaryKey(), userId: integer('user_id').notNull(), title: text('title').notNull() });

describe('Drizzle over better-sqlite3 (the SqliteError itself: `.run()` of the synchronous driver passes it on unwrapped)', () => {
  const contract = contractWith(sqliteErrors({ fields: camelCase }));
  const sqlite = new Database(database('drizzle-better'));
  sqlite.pragma('foreign_keys = ON');
  const db = drizzleBetter(sqlite);
  afterAll(() => sqlite.close());

  it('UNIQUE -> 409 naming the column', async () => {
    const error = await caught(() => db.insert(users).values({ email: SECRET_EMAIL, name: SECRET_NAME }).run());
    expect(error).toMatchObject({ name: 'SqliteError', code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(checked(contract, error).body).toMatchObject({ status: 409, detail: 'A record with this email already exists.' });
  });

  it('NOT NULL on user_id -> 400 naming userId, the property Drizzle and the request use', async () => {
    const error = await caught(() => db.insert(posts).values({ userId: null as unknown as number, title: SECRET_VALUE }).run());
    expect(checked(contract, error).body.errors).toEqual([{ field: 'userId', pointer: '/userId', detail: 'is required' }]);
  });

  it('FOREIGN KEY -> 409; CHECK -> 400 bad_request', async () => {
    const broken = await caught(() => db.insert(posts).values({ userId: 4242, title: SECRET_VALUE }).run());
    expect(checked(contract, broken).body).toMatchObject({ status: 409, code: 'conflict' });
    const negative = await caught(() => db.insert(users).values({ email: 'a@example.com', name: SECRET_NAME, age: -1 }).run());
    expect(checked(contract, negative).body).toMatchObject({ status: 400, code: 'bad_request' });
  });
});

describe('Drizzle over @libsql/client (DrizzleQueryError, the LibsqlError in `cause`)', () => {
  const contract = contractWith(sqliteErrors());
  const client = createClient({ url: `file:${database('drizzle-libsql')}` });
  const db = drizzleLibsql(client);
  afterAll(() => client.close());

  it('UNIQUE -> 409; NOT NULL -> 400 naming the column without a pointer', async () => {
    await client.execute('pragma foreign_keys = on');
    const duplicate = await caught(() => db.insert(users).values({ email: SECRET_EMAIL, name: SECRET_NAME }));
    // DrizzleQueryError (its `name` is Error's) with the LibsqlError in `cause`
    expect(duplicate?.constructor.name).toBe('DrizzleQueryError');
    expect(duplicate).toMatchObject({ cause: { name: 'LibsqlError', rawCode: 2067 } });
    expect(checked(contract, duplicate).body).toMatchObject({ status: 409, detail: 'A record with this email already exists.' });
    const missing = await caught(() => db.insert(posts).values({ userId: null as unknown as number, title: SECRET_VALUE }));
    expect(checked(contract, missing).body.errors).toEqual([{ field: 'user_id', detail: 'is required' }]);
    const broken = await caught(() => db.insert(posts).values({ userId: 4242, title: SECRET_VALUE }));
    expect(checked(contract, broken).body).toMatchObject({ status: 409, code: 'conflict' });
  });
});

describe('TypeORM 1 over better-sqlite3 (QueryFailedError, the SqliteError in `driverError`)', () => {
  const contract = contractWith(typeormErrors(), sqliteErrors({ retryAfter: 2 }));
  const file = database('typeorm');
  const source = new DataSource({ type: 'better-sqlite3', database: file, entities: [], synchronize: false, logging: false });
  afterAll(async () => {
    if (source.isInitialized) await source.destroy();
  });

  it('UNIQUE -> 409, NOT NULL -> 400, FOREIGN KEY -> 409, CHECK -> 400, a busy database -> 503', async () => {
    await source.initialize();
    const duplicate = await caught(() => source.query(`insert into users (email, name) values ('${SECRET_EMAIL}', '${SECRET_NAME}')`));
    expect(duplicate).toMatchObject({ name: 'QueryFailedError', driverError: { code: 'SQLITE_CONSTRAINT_UNIQUE' } });
    expect(checked(contract, duplicate).body).toMatchObject({ status: 409, detail: 'A record with this email already exists.' });
    const missing = await caught(() => source.query(`insert into posts (user_id, title) values (null, '${SECRET_VALUE}')`));
    expect(checked(contract, missing).body.errors).toEqual([{ field: 'user_id', detail: 'is required' }]);
    // TypeORM turns SQLite's foreign keys on for every connection
    const broken = await caught(() => source.query(`insert into posts (user_id, title) values (4242, '${SECRET_VALUE}')`));
    expect(checked(contract, broken).body).toMatchObject({ status: 409, code: 'conflict' });
    const negative = await caught(() => source.query(`insert into users (email, name, age) values ('${SECRET_VALUE}', 'n', -1)`));
    expect(checked(contract, negative).body).toMatchObject({ status: 400, code: 'bad_request' });
    // another process holds a write transaction on the same file; TypeORM's own busy timeout is 0
    const holder = new Database(file);
    holder.exec('begin immediate');
    try {
      const busy = await caught(() => source.query(`insert into members (team_id, user_id) values (9, 9)`));
      expect(busy).toMatchObject({ name: 'QueryFailedError', driverError: { code: 'SQLITE_BUSY' } });
      const sent = checked(contract, busy);
      expect(sent.status).toBe(503);
      expect(sent.headers['retry-after']).toBe('2');
    } finally {
      holder.exec('rollback');
      holder.close();
    }
  });
});

describe('Sequelize 6 over sqlite3', () => {
  const contract = contractWith(sequelizeErrors({ fields: camelCase }), sqliteErrors({ fields: camelCase }));
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: database('sequelize'), logging: false });
  afterAll(() => sequelize.close());
  const insert = (sql: string) => sequelize.query(sql, { type: QueryTypes.INSERT });

  it('UNIQUE (UniqueConstraintError) -> 409, FOREIGN KEY (ForeignKeyConstraintError) -> 409: sequelizeErrors()', async () => {
    const duplicate = await caught(() => insert('insert into members (team_id, user_id) values (1, 1)'));
    expect(duplicate).toMatchObject({ name: 'SequelizeUniqueConstraintError', fields: ['team_id', 'user_id'] });
    expect(checked(contract, duplicate).body).toMatchObject({ status: 409, detail: 'A record with this combination of teamId and userId already exists.' });
    const broken = await caught(() => insert(`insert into posts (user_id, title) values (4242, '${SECRET_VALUE}')`));
    expect(broken).toMatchObject({ name: 'SequelizeForeignKeyConstraintError' });
    expect(checked(contract, broken).body).toMatchObject({ status: 409, code: 'conflict' });
  });

  it('NOT NULL and CHECK, which Sequelize\'s SQLite dialect makes UniqueConstraintErrors, -> 400 from the sqlite3 error in `parent`', async () => {
    const missing = await caught(() => insert(`insert into posts (user_id, title) values (null, '${SECRET_VALUE}')`));
    expect(missing).toMatchObject({ name: 'SequelizeUniqueConstraintError', fields: [], parent: { code: 'SQLITE_CONSTRAINT' } });
    expect(checked(contract, missing).body.errors).toEqual([{ field: 'userId', pointer: '/userId', detail: 'is required' }]);
    const negative = await caught(() => insert(`insert into users (email, name, age) values ('${SECRET_VALUE}', 'n', -1)`));
    expect(checked(contract, negative).body).toMatchObject({ status: 400, code: 'bad_request' });
  });
});

describe("Prisma 7's @prisma/adapter-better-sqlite3", () => {
  const contract = contractWith(prismaErrors({ fields: camelCase }), sqliteErrors({ fields: camelCase }));
  const CODE_OF_KIND: Record<string, string> = { UniqueConstraintViolation: 'P2002', ForeignKeyConstraintViolation: 'P2003', NullConstraintViolation: 'P2011', SocketTimeout: 'P1008' };
  const asClientError = (driverAdapterError: any) =>
    new Known7(`Invalid \`prisma.user.create()\` invocation: ${driverAdapterError.cause.originalMessage}`, {
      code: CODE_OF_KIND[driverAdapterError.cause.kind] ?? 'P2039',
      clientVersion: '7.10.0',
      meta: { modelName: 'User', driverAdapterError },
    });
  const file = database('prisma');

  it('UNIQUE (P2002), NOT NULL (P2011), FOREIGN KEY (P2003), CHECK (kind sqlite), busy (P1008)', async () => {
    const adapter = await new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 0 }).connect();
    const fail = async (sql: string) => asClientError(await caught(() => adapter.executeRaw({ sql, args: [], argTypes: [] })));
    try {
      await adapter.executeRaw({ sql: 'pragma foreign_keys = on', args: [], argTypes: [] }).catch(() => undefined);
      const duplicate = await fail('insert into members (team_id, user_id) values (1, 1)');
      expect(duplicate.code).toBe('P2002');
      expect(checked(contract, duplicate).body).toMatchObject({ status: 409, detail: 'A record with this combination of teamId and userId already exists.' });
      const missing = await fail(`insert into posts (user_id, title) values (null, '${SECRET_VALUE}')`);
      expect(missing.code).toBe('P2011');
      expect(checked(contract, missing).body.errors).toEqual([{ field: 'userId', pointer: '/userId', detail: 'is required' }]);
      const broken = await fail(`insert into posts (user_id, title) values (4242, '${SECRET_VALUE}')`);
      expect(broken.code).toBe('P2003');
      expect(checked(contract, broken).body).toMatchObject({ status: 409, code: 'conflict' });
      const negative = await fail(`insert into users (email, name, age) values ('${SECRET_VALUE}', 'n', -1)`);
      expect(negative).toMatchObject({ code: 'P2039', meta: { driverAdapterError: { cause: { kind: 'sqlite', originalCode: 'SQLITE_CONSTRAINT_CHECK' } } } });
      expect(checked(contract, negative).body).toMatchObject({ status: 400, code: 'bad_request' });
      const holder = new Database(file);
      holder.exec('begin immediate');
      try {
        const busy = await fail('insert into members (team_id, user_id) values (9, 9)');
        expect(busy.code).toBe('P1008');
        expect(checked(contract, busy).status).toBe(503);
      } finally {
        holder.exec('rollback');
        holder.close();
      }
    } finally {
      await adapter.dispose();
    }
  });
});
