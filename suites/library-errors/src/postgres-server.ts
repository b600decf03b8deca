// A real Postgres engine for the suite: PGlite (Postgres 17 compiled to WASM, from npm), served on
// 127.0.0.1 over Postgres's wire protocol by pglite-socket, so that node-postgres, postgres.js and
// the ORMs on top of them talk to it as they would to a server. Chosen over Debian's postgresql
// because it needs no system service, no root-owned data directory and no install step in CI.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { SECRET_EMAIL, SECRET_NAME } from './secrets.js';
import { freePort } from '../../../test-support/free-port.js';

export interface PostgresServer {
  db: PGlite;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The schema every test uses: a user's email is unique, a post refers to its author. */
export const SCHEMA = `
  create table users (id serial primary key, email text unique not null, name text not null);
  create table posts (id serial primary key, author_id int not null references users(id), title text not null);
  insert into users (email, name) values ('${SECRET_EMAIL}', '${SECRET_NAME}');
  insert into posts (author_id, title) values (1, 'first');
`;

export async function startPostgres(): Promise<PostgresServer> {
  const db = await PGlite.create();
  await db.exec(SCHEMA);
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 8 });
  await server.start();
  return {
    db,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
