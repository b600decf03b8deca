// sqliteErrors() on Cloudflare D1, run for real on workerd through miniflare (npm): D1 gives an
// Error whose message is SQLite's, led by `D1_ERROR: ` and closed by the primary result code
// (`D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT`), its `cause` the same
// without the lead. Recognised by that whole shape, never by a word in it.
import { sqliteErrors } from '@error-contract/core/presets';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSqliteText, SCHEMA, SEED } from '../src/sqlite-files.js';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_NAME, SECRET_VALUE } from '../src/secrets.js';

const contract = contractWith(sqliteErrors({ fields: { user_id: 'userId' } }));

let miniflare: Miniflare;
let db: Awaited<ReturnType<Miniflare['getD1Database']>>;

beforeAll(async () => {
  // workerd starts as a child process: on a busy two-core machine that takes seconds
  miniflare = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response("") } }', d1Databases: ['DB'] });
  db = await miniflare.getD1Database('DB');
  for (const statement of [...SCHEMA, ...SEED]) await db.prepare(statement).run();
}, 60_000);

afterAll(async () => {
  await miniflare?.dispose();
});

describe('Cloudflare D1 (miniflare 3, workerd)', () => {
  it.each([
    { name: 'UNIQUE', sql: `insert into users (email, name) values ('${SECRET_EMAIL}', '${SECRET_NAME}')`, status: 409, detail: 'A record with this email already exists.' },
    { name: 'PRIMARY KEY (two columns)', sql: 'insert into members (team_id, user_id) values (1, 1)', status: 409, detail: 'A record with this combination of team_id and userId already exists.' },
    { name: 'FOREIGN KEY (D1 enforces foreign keys)', sql: `insert into posts (user_id, title) values (4242, '${SECRET_VALUE}')`, status: 409, detail: 'The request breaks a reference between records.' },
    { name: 'NOT NULL', sql: `insert into posts (user_id, title) values (null, '${SECRET_VALUE}')`, status: 400, detail: 'The request has 1 invalid field.' },
    { name: 'CHECK on an expression', sql: `insert into users (email, name, age) values ('${SECRET_VALUE}', 'n', -1)`, status: 400, detail: 'A value in the request is outside what the database allows.' },
    { name: 'CHECK named', sql: `insert into posts (user_id, title) values (1, '${SECRET_VALUE} and then some more')`, status: 400, detail: 'A value in the request is outside what the database allows (constraint title_short).' },
  ])('$name -> $status', async ({ sql, status, detail }) => {
    const error = await caught(() => db.prepare(sql).run());
    expect((error as Error).message).toMatch(/^D1_ERROR: .+: SQLITE_CONSTRAINT$/);
    const sent = answer(contract, error);
    expectNoSqliteText(sent.text);
    expect(sent.status).toBe(status);
    expect(sent.body.detail).toBe(detail);
  });

  it('NOT NULL names the mapped request field with its pointer', async () => {
    const error = await caught(() => db.prepare(`insert into posts (user_id, title) values (null, '${SECRET_VALUE}')`).run());
    expect(answer(contract, error).body.errors).toEqual([{ field: 'userId', pointer: '/userId', detail: 'is required' }]);
  });

  it('an error that is no constraint (a missing table) is left alone: 500', async () => {
    const error = await caught(() => db.prepare(`select * from ${SECRET_VALUE.replace(/-/g, '_')}`).all());
    expect((error as Error).message).toMatch(/^D1_ERROR: no such table: .+: SQLITE_ERROR$/);
    expect(answer(contract, error, [SECRET_VALUE.replace(/-/g, '_')]).status).toBe(500);
  });
});
