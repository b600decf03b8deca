// postgresErrors() and prismaErrors() against a real PostgreSQL server (Debian's package, a
// throwaway cluster: src/real-postgres.ts), for what PGlite cannot do: a backend terminated from
// another connection while its query runs (57P01), a backend killed with SIGKILL (node-postgres'
// `Connection terminated unexpectedly`; the server then restarts), the server stopped (a query then gets Node's
// `connect ECONNREFUSED`, never a class 08 SQLSTATE), started again. Each failure is made for
// real through node-postgres, postgres.js and a real Prisma Client 7 (generated from
// src/prisma/schema.prisma, on @prisma/adapter-pg), whose raw SQL (`$executeRaw`, `$queryRaw`)
// fails as P2010.
import { PrismaPg } from '@prisma/adapter-pg';
import { postgresErrors, prismaErrors } from '@error-contract/core/presets';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Kysely, PostgresDialect, sql as kyselySql } from 'kysely';
import pg from 'pg';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaClient } from '../src/prisma/client/client.js';
import { findPostgresBin, RealPostgres } from '../src/real-postgres.js';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_VALUE } from '../src/secrets.js';
import { freePort as closedPort } from '../../../test-support/free-port.js';

const bin = findPostgresBin();
if (bin === undefined) {
  // CI installs it (scripts/install-system-packages.sh) and must not skip: CI=true fails instead
  if (process.env.CI === 'true') throw new Error('real-postgres: PostgreSQL is not installed (apt-get install -y postgresql)');
  console.warn('real-postgres: SKIPPED, PostgreSQL is not installed (apt-get install -y postgresql; .ci/run installs it)');
}

describe.runIf(bin !== undefined)('a real PostgreSQL server', () => {
  let server: RealPostgres;
  let admin: pg.Client;
  let pool: pg.Pool;
  let porsager: postgres.Sql;
  let prismaClient: PrismaClient;
  const poolErrors: Error[] = [];
  const adminErrors: Error[] = [];

  /** A connection for looking at and ending the others; a crash or a stop ends it, and its error is kept. */
  async function connectAdmin(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.url });
    client.on('error', (error) => adminErrors.push(error));
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    server = await RealPostgres.create(bin!);
    admin = await connectAdmin();
    pool = new pg.Pool({ connectionString: server.url, max: 2 });
    // without it, an idle client's lost connection (a stopped server) is an unhandled 'error'
    // event that ends the process before any request fails
    pool.on('error', (error) => poolErrors.push(error));
    porsager = postgres(server.url, { max: 1, onnotice: () => {} });
    prismaClient = new PrismaClient({ adapter: new PrismaPg({ connectionString: server.url }) });
  }, 180_000);

  afterAll(async () => {
    // the cluster first, whatever the clients do: a client a failed test left checked out would
    // hold pool.end() forever; each close is then bounded
    await server?.remove();
    const bounded = (closing: Promise<unknown> | undefined) => Promise.race([closing?.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await bounded(prismaClient?.$disconnect());
    await bounded(porsager?.end({ timeout: 1 }));
    await bounded(pool?.end());
    await bounded(admin?.end());
  }, 120_000);

  const withServers = () => contractWith(postgresErrors({ retryAfter: 2, servers: server.url }));
  const prisma = contractWith(prismaErrors({ retryAfter: 2 }));

  /** Starts `sleeper` (a `select pg_sleep(5)` on some connection), terminates its backend from the admin connection, and gives back what it rejected with. */
  async function terminatedMidQuery(sleeper: () => Promise<unknown>): Promise<unknown> {
    const running = caught(sleeper);
    let pid: number | undefined;
    for (let attempt = 0; attempt < 100 && pid === undefined; attempt++) {
      const { rows } = await admin.query("select pid from pg_stat_activity where query like 'select pg_sleep(5)%' and state = 'active' and pid <> pg_backend_pid()");
      pid = rows[0]?.pid;
      if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(pid, 'the sleeping backend was seen within 5 s').toBeDefined();
    const { rows } = await admin.query('select pg_terminate_backend($1) as done', [pid]);
    expect(rows[0].done).toBe(true);
    return running;
  }

  describe('a backend terminated mid-query (pg_terminate_backend) -> 57P01 -> 503 with Retry-After', () => {
    it('node-postgres', async () => {
      const client = await pool.connect();
      // a checked-out client's lost connection is not the pool's: the app listens on the client
      client.on('error', () => {});
      const error = await terminatedMidQuery(() => client.query('select pg_sleep(5)'));
      client.release(true);
      expect(error).toMatchObject({ name: 'error', code: '57P01', severity: 'FATAL' });
      for (const contract of [withServers(), contractWith(postgresErrors({ retryAfter: 2 }))]) {
        const { status, headers, body } = answer(contract, error);
        expect(status).toBe(503);
        expect(headers['retry-after']).toBe('2');
        expect(body).toMatchObject({ code: 'service_unavailable', detail: 'Service Unavailable.' });
      }
    });

    it('postgres.js (57P01, or its own CONNECTION_CLOSED when the socket closes before the error is read)', async () => {
      const error = await terminatedMidQuery(() => porsager`select pg_sleep(5)`);
      expect(['57P01', 'CONNECTION_CLOSED']).toContain((error as { code?: string }).code);
      expect(answer(withServers(), error)).toMatchObject({ status: 503, headers: { 'retry-after': '2' } });
      expect(answer(contractWith(postgresErrors({ retryAfter: 2 })), error).status).toBe(503);
    });

    it('Prisma Client 7 on @prisma/adapter-pg ($queryRaw: P2010 of the adapter error of kind postgres)', async () => {
      const error = await terminatedMidQuery(() => prismaClient.$queryRaw`select pg_sleep(5)`);
      expect(error).toMatchObject({ name: 'PrismaClientKnownRequestError', code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01' } } } });
      const { status, headers, body } = answer(prisma, error);
      expect(status).toBe(503);
      expect(headers['retry-after']).toBe('2');
      expect(body.code).toBe('service_unavailable');
    });
  });

  describe('Prisma Client 7 raw SQL ($executeRaw on @prisma/adapter-pg): P2010 answers as the model API answers the same violation', () => {
    it('unique -> 409 conflict, the same bytes as the model API\'s P2002', async () => {
      const raw = await caught(() => prismaClient.$executeRaw`insert into users (email, name) values (${SECRET_EMAIL}, ${SECRET_VALUE})`);
      expect(raw).toMatchObject({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation', originalCode: '23505' } } } });
      const model = await caught(() => prismaClient.user.create({ data: { email: SECRET_EMAIL, name: SECRET_VALUE } }));
      expect(model).toMatchObject({ code: 'P2002' });
      const answered = answer(prisma, raw);
      expect(answered.status).toBe(409);
      expect(answered.body).toMatchObject({ code: 'conflict', detail: 'A record with the same unique value already exists (constraint users_email_key).' });
      expect(answered.text).toBe(answer(prisma, model).text);
    });

    it('not null -> 400 validation_failed naming the column', async () => {
      const raw = await caught(() => prismaClient.$executeRaw`insert into users (email) values (${SECRET_VALUE})`);
      expect(raw).toMatchObject({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'NullConstraintViolation', originalCode: '23502' } } } });
      const answered = answer(prisma, raw);
      expect(answered.status).toBe(400);
      expect(answered.body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'name', detail: 'is required' }] });
    });

    it('foreign key -> 409 conflict, the same bytes as the model API\'s P2003', async () => {
      const raw = await caught(() => prismaClient.$executeRaw`insert into posts (author_id, title) values (4242, ${SECRET_VALUE})`);
      expect(raw).toMatchObject({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'ForeignKeyConstraintViolation' } } } });
      const model = await caught(() => prismaClient.post.create({ data: { authorId: 4242, title: SECRET_VALUE } }));
      expect(model).toMatchObject({ code: 'P2003' });
      const answered = answer(prisma, raw);
      expect(answered.status).toBe(409);
      expect(answered.text).toBe(answer(prisma, model).text);
    });
  });

  describe('a backend killed (SIGKILL): the server restarts every backend', () => {
    it("node-postgres: the killed backend's query -> 'Connection terminated unexpectedly' -> 503, as the others' ends", async () => {
      const client = await pool.connect();
      client.on('error', () => {});
      const { rows } = await client.query('select pg_backend_pid() as pid');
      const running = caught(() => client.query('select pg_sleep(5)'));
      for (let attempt = 0; attempt < 100; attempt++) {
        const seen = await admin.query("select 1 from pg_stat_activity where query like 'select pg_sleep(5)%' and state = 'active'");
        if (seen.rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      adminErrors.length = 0;
      process.kill(rows[0].pid, 'SIGKILL');
      const error = await running;
      client.release(true);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('Connection terminated unexpectedly');
      for (const contract of [withServers(), contractWith(postgresErrors({ retryAfter: 2 }))]) {
        expect(answer(contract, error)).toMatchObject({ status: 503, headers: { 'retry-after': '2' }, body: { code: 'service_unavailable' } });
      }
      // the postmaster ends every other backend (crash_shutdown) and recovers: wait for it (60 s)
      for (let attempt = 0; attempt < 240 && adminErrors.length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 250));
      // the admin connection's end: 57P02 crash_shutdown when the server says so, else the same lost connection
      for (const each of adminErrors) {
        expect(['57P02', 'Connection terminated unexpectedly']).toContain((each as { code?: string }).code ?? each.message);
        expect(answer(withServers(), each).status).toBe(503);
      }
      await admin.end().catch(() => {});
      for (let attempt = 0; ; attempt++) {
        try {
          admin = await connectAdmin();
          break;
        } catch (notYet) {
          // 57P03 while the server recovers: a 503 too
          if ((notYet as { code?: string }).code === '57P03') expect(answer(withServers(), notYet).status).toBe(503);
          if (attempt >= 240) throw notYet;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      // postgres.js may hand its next query the 57P02 its idle connection got: a 503 too
      const flushed = await porsager`select 1 as one`.catch((stale: unknown) => stale);
      if (flushed instanceof Error) expect(answer(withServers(), flushed).status).toBe(503);
    }, 90_000);
  });

  describe('the server stopped, then started again', () => {
    it('a query running when the server stops (pg_ctl stop -m fast) -> 57P01 -> 503', async () => {
      const client = await pool.connect();
      client.on('error', () => {});
      await pool.query('select 1'); // on the pool's second client, left idle: the stop cuts it off
      const running = caught(() => client.query('select pg_sleep(5)'));
      // the query must be running before the stop: seen from the admin connection
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await admin.query("select 1 from pg_stat_activity where query like 'select pg_sleep(5)%' and state = 'active' and pid <> pg_backend_pid()");
        if (rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await server.stop('fast');
      const error = await running;
      client.release(true);
      expect(error).toMatchObject({ code: '57P01' });
      expect(answer(withServers(), error).status).toBe(503);
    });

    it('node-postgres after the stop: ECONNREFUSED, 503 with the database named in `servers`, 500 without', async () => {
      const error = await caught(() => pool.query('select 1'));
      expect(error).toMatchObject({ code: 'ECONNREFUSED', address: '127.0.0.1', port: server.port });
      expect(answer(withServers(), error)).toMatchObject({ status: 503, headers: { 'retry-after': '2' }, body: { code: 'service_unavailable' } });
      expect(answer(contractWith(postgresErrors()), error).status).toBe(500);
      // the idle client the stop cut off reached pool.on('error'), not the process
      expect(poolErrors.map((each) => (each as { code?: string }).code ?? each.message)).toContain('57P01');
    });

    // where `localhost` resolves to ::1 and 127.0.0.1 both, Node gives an AggregateError of the two
    // refusals (packages/core/test/maps-connection.test.ts reads one); here it resolves to one
    it('node-postgres to `localhost` after the stop -> 503 with `servers` naming localhost or 127.0.0.1', async () => {
      const local = new pg.Pool({ connectionString: server.url.replace('127.0.0.1', 'localhost'), max: 1 });
      try {
        const error = await caught(() => local.query('select 1'));
        expect(error).toMatchObject({ code: 'ECONNREFUSED' });
        expect(answer(withServers(), error).status).toBe(503);
        expect(answer(contractWith(postgresErrors({ servers: server.url.replace('127.0.0.1', 'localhost') })), error).status).toBe(503);
        expect(answer(contractWith(postgresErrors()), error).status).toBe(500);
      } finally {
        await local.end();
      }
    });

    it("Drizzle and Kysely on node-postgres after the stop: the refusal inside their errors -> 503 with `servers`", async () => {
      const drizzlePool = new pg.Pool({ connectionString: server.url, max: 1 });
      const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: server.url, max: 1 }) }) });
      try {
        const drizzled = await caught(() => drizzle(drizzlePool).execute(sql`select ${SECRET_VALUE}::text`));
        expect((drizzled as Error).constructor.name).toBe('DrizzleQueryError');
        expect(drizzled).toMatchObject({ cause: { code: 'ECONNREFUSED' } });
        const kyselied = await caught(() => kyselySql`select ${SECRET_VALUE}::text`.execute(kysely));
        expect(kyselied).toMatchObject({ code: 'ECONNREFUSED' });
        for (const error of [drizzled, kyselied]) {
          expect(answer(withServers(), error).status).toBe(503);
          expect(answer(contractWith(postgresErrors()), error).status).toBe(500);
        }
      } finally {
        await drizzlePool.end();
        await kysely.destroy();
      }
    });

    it('postgres.js after the stop: ECONNREFUSED, 503 with `servers`, 500 without', async () => {
      let error = await caught(() => porsager`select 1`);
      // postgres.js may first hand over the 57P01 its idle connection got at the stop: a 503 too
      if ((error as { code?: string }).code === '57P01') {
        expect(answer(withServers(), error).status).toBe(503);
        error = await caught(() => porsager`select 1`);
      }
      expect(error).toMatchObject({ code: 'ECONNREFUSED', port: server.port });
      expect(answer(withServers(), error).status).toBe(503);
      expect(answer(contractWith(postgresErrors()), error).status).toBe(500);
    });

    it('Prisma Client 7 after the stop: P1001 (model API) and P2010 of DatabaseNotReachable (raw) -> 503', async () => {
      const model = await caught(() => prismaClient.user.findMany());
      expect(model).toMatchObject({ code: 'P1001' });
      const raw = await caught(() => prismaClient.$queryRaw`select 1`);
      expect(raw).toMatchObject({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable', port: server.port } } } });
      for (const error of [model, raw]) expect(answer(prisma, error)).toMatchObject({ status: 503, headers: { 'retry-after': '2' } });
    });

    it("another server's refusal on the same host (a real fetch to a closed port) stays 500", async () => {
      const other = await caught(async () => fetch(`http://127.0.0.1:${await closedPort()}/`));
      // the fetch's cause is the same Node error a driver gets, for a server the app did not name
      expect(answer(withServers(), other).status).toBe(500);
      // and a refusal by the database's own port through fetch would be taken for the database's:
      // `servers` names an address, not a protocol
      const same = await caught(() => fetch(`http://127.0.0.1:${server.port}/`));
      expect(answer(withServers(), same).status).toBe(503);
    });

    it('after a restart the same pool, postgres.js and Prisma Client answer again', async () => {
      await server.start();
      expect((await pool.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
      // postgres.js may first hand the next query the 57P01 its idle connection got at the stop:
      // that one is a 503 too, and the query after it runs
      let three = await porsager`select 3 as three`.catch((error: unknown) => error);
      if (three instanceof Error) {
        expect(answer(withServers(), three).status).toBe(503);
        three = await porsager`select 3 as three`;
      }
      expect(three).toMatchObject([{ three: 3 }]);
      expect(await prismaClient.user.count()).toBe(1);
    });
  });
});
