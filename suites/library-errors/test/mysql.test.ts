// mysqlErrors() on mysql2's errors as mysql2 makes them from a server's ERR packet: no MySQL server
// runs here (Debian's would need a service started as its own user), so each test writes the ERR
// packet a MySQL 8 server sends for the failure (error number, SQLSTATE, the server's message with
// the planted value in it) and has mysql2's own packet reader turn it into the error its client
// rejects with (`Packet#asError`, then `err.sql`, as mysql2's command does). The connection
// failures at the end are real: mysql2 connecting to a closed port, to a server that hangs up and
// to one that never answers.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { mysqlErrors } from '@error-contract/core/presets';
import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { answer, caught, contractWith, SECRET_EMAIL, SECRET_VALUE } from '../src/secrets.js';
import { freePort } from '../../../test-support/free-port.js';

// the packet reader is not among mysql2's exports: loaded by its file, next to the package's main
const require = createRequire(import.meta.url);
const Packet = require(join(dirname(require.resolve('mysql2')), 'lib/packets/packet.js'));

const contract = contractWith(mysqlErrors({ retryAfter: 7 }));

/** The error mysql2 rejects a query with when the server answers with this ERR packet. */
function serverError(errno: number, sqlState: string, message: string, sql: string): Error & Record<string, unknown> {
  const text = Buffer.from(`#${sqlState}${message}`, 'utf8');
  const buffer = Buffer.alloc(4 + 3 + text.length);
  buffer.writeUInt8(0xff, 4);
  buffer.writeUInt16LE(errno, 5);
  text.copy(buffer, 7);
  const error = new Packet(0, buffer, 0, buffer.length).asError('utf8');
  error.sql = sql;
  return error;
}

describe('mysqlErrors() on mysql2 3', () => {
  it('1062 ER_DUP_ENTRY -> 409 naming the key, never the value', () => {
    const error = serverError(1062, '23000', `Duplicate entry '${SECRET_EMAIL}' for key 'users.email'`, `INSERT INTO users VALUES ('${SECRET_EMAIL}')`);
    expect(error).toMatchObject({ code: 'ER_DUP_ENTRY', errno: 1062, sqlState: '23000' });
    expect(answer(contract, error).body).toMatchObject({ status: 409, code: 'conflict', detail: 'A record with the same unique value already exists (constraint users.email).' });
  });

  it("1062 whose value imitates the key's quoting names no key rather than a wrong one", () => {
    const error = serverError(1062, '23000', `Duplicate entry '${SECRET_VALUE}' for key 'x' or 1=1' for key 'users.email'`, 'INSERT');
    const { body } = answer(contract, error);
    expect(body.status).toBe(409);
    expect(body.detail).not.toContain('or 1=1');
  });

  it('1452 no referenced row -> 409 a related record is missing', () => {
    const error = serverError(1452, '23000', `Cannot add or update a child row: a foreign key constraint fails (\`shop\`.\`posts\`, CONSTRAINT \`posts_ibfk_1\` FOREIGN KEY (\`author_id\`) REFERENCES \`users\` (\`id\`)) ${SECRET_VALUE}`, 'INSERT');
    expect(answer(contract, error).body).toMatchObject({ status: 409, detail: 'The request refers to a related record that does not exist.' });
  });

  it('1451 row is referenced -> 409 others still refer to it', () => {
    const error = serverError(1451, '23000', `Cannot delete or update a parent row: a foreign key constraint fails ${SECRET_VALUE}`, 'DELETE');
    expect(answer(contract, error).body).toMatchObject({ status: 409, detail: 'The record is still referred to by other records.' });
  });

  it('1048 bad null -> 400 validation_failed naming the column', () => {
    const error = serverError(1048, '23000', "Column 'name' cannot be null", `INSERT INTO users (email) VALUES ('${SECRET_VALUE}')`);
    expect(answer(contract, error).body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'name', detail: 'is required' }] });
  });

  it.each([
    [1213, '40001', 'Deadlock found when trying to get lock; try restarting transaction'],
    [1205, 'HY000', 'Lock wait timeout exceeded; try restarting transaction'],
  ])('%i -> 503 with Retry-After', (errno, sqlState, message) => {
    const { status, headers } = answer(contract, serverError(errno, sqlState, message, `UPDATE users SET name = '${SECRET_VALUE}'`));
    expect(status).toBe(503);
    expect(headers['retry-after']).toBe('7');
  });

  it('an error number the preset does not know stays 500, and a Node system error alone is not a MySQL error', () => {
    expect(answer(contract, serverError(1146, '42S02', `Table 'shop.${SECRET_VALUE}' doesn't exist`, 'SELECT')).status).toBe(500);
    expect(answer(contract, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', errno: -111 })).status).toBe(500);
  });
});

// No MySQL server runs here, but a refused connection and a server that hangs up are real: mysql2
// itself connects to a closed port of 127.0.0.1, and to a TCP server that closes every connection
// it accepts before the handshake.
describe('mysqlErrors() on mysql2 3 connecting for real', () => {
  const listen = (onConnection?: (socket: Socket) => void) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(onConnection);
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const portOf = (server: Server) => (server.address() as AddressInfo).port;

  it('a refused connection -> 503 with the server named in `servers`, 500 without it or for another port', async () => {
    const port = await freePort();
    const error = await caught(() => mysql.createConnection({ host: '127.0.0.1', port, user: 'app', password: SECRET_VALUE, connectTimeout: 10_000 }));
    expect(error).toMatchObject({ code: 'ECONNREFUSED', fatal: true, address: '127.0.0.1', port });
    expect(answer(contractWith(mysqlErrors({ retryAfter: 7, servers: `mysql://app@127.0.0.1:${port}/shop` })), error)).toMatchObject({ status: 503, headers: { 'retry-after': '7' } });
    expect(answer(contract, error).status).toBe(500);
    expect(answer(contractWith(mysqlErrors({ servers: `127.0.0.1:${port === 65535 ? 1 : port + 1}` })), error).status).toBe(500);
  });

  it("a pool's refused connection -> the same", async () => {
    const port = await freePort();
    const pool = mysql.createPool({ host: '127.0.0.1', port, user: 'app', connectTimeout: 10_000 });
    try {
      const error = await caught(() => pool.query(`SELECT '${SECRET_VALUE}'`));
      expect(error).toMatchObject({ code: 'ECONNREFUSED' });
      expect(answer(contractWith(mysqlErrors({ servers: { host: 'localhost', port } })), error).status).toBe(503);
    } finally {
      await pool.end();
    }
  });

  it('a server that hangs up -> PROTOCOL_CONNECTION_LOST -> 503, with or without `servers`', async () => {
    const server = await listen((socket) => socket.destroy());
    try {
      const error = await caught(() => mysql.createConnection({ host: '127.0.0.1', port: portOf(server), user: 'app', connectTimeout: 10_000 }));
      expect(error).toMatchObject({ code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
      expect(answer(contract, error)).toMatchObject({ status: 503, headers: { 'retry-after': '7' } });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("a server that never answers -> mysql2's connect timeout -> 503", async () => {
    const sockets: Socket[] = [];
    const server = await listen((socket) => sockets.push(socket));
    try {
      const error = await caught(() => mysql.createConnection({ host: '127.0.0.1', port: portOf(server), user: 'app', connectTimeout: 1_000 }));
      expect(error).toMatchObject({ code: 'ETIMEDOUT', errorno: 'ETIMEDOUT', fatal: true });
      expect(answer(contract, error).status).toBe(503);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
