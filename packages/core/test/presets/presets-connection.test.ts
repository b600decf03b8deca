import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createErrorContract, type ErrorMapper } from '../../src/index.js';
import { serversMatcher, socketFailureIn } from '../../src/presets/connection.js';
import { mysqlErrors, postgresErrors } from '../../src/presets/index.js';
import { request } from '../helpers.js';

/** A real refused connection: a port nothing listens on (bound, then closed). */
async function refusedConnectionError(): Promise<Error> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('error', (error) => resolve(error));
  });
}

describe('socketFailureIn', () => {
  it('reads a real refused connection, bare and wrapped in a cause chain', async () => {
    const refused = await refusedConnectionError();
    const failure = socketFailureIn(refused);
    expect(failure).toMatchObject({ code: 'ECONNREFUSED', address: '127.0.0.1' });
    expect(typeof failure?.port).toBe('number');
    expect(socketFailureIn(new Error('query failed', { cause: refused }))).toEqual(failure);
    expect(socketFailureIn({ name: 'SequelizeConnectionRefusedError', parent: refused })).toEqual(failure);
  });

  it("reads the AggregateError Node gives when every address of a host refused", async () => {
    const refused = await refusedConnectionError();
    const aggregate = Object.assign(new AggregateError([refused], ''), { code: 'ECONNREFUSED' });
    // the address comes from inside: the aggregate's own code names none
    expect(socketFailureIn(aggregate)).toEqual(socketFailureIn(refused));
    expect(socketFailureIn(new AggregateError([new Error('x'), refused]))?.code).toBe('ECONNREFUSED');
  });

  it('leaves errors that are not socket failures, and hostile values, alone', () => {
    expect(socketFailureIn(new Error('ECONNREFUSED'))).toBeUndefined();
    expect(socketFailureIn({ code: 'ER_DUP_ENTRY' })).toBeUndefined();
    expect(socketFailureIn(null)).toBeUndefined();
    const hostile = new Proxy({}, { get() { throw new Error('trap'); } });
    expect(socketFailureIn(hostile)).toBeUndefined();
  });
});

describe('serversMatcher', () => {
  const refusedAt = (address: string, port: number) => ({ code: 'ECONNREFUSED', address, port });

  it('matches by port, and by address when the host is an IP address or a loopback name', () => {
    const matches = serversMatcher(['127.0.0.1:5432', 'postgres://app@localhost:6543/db', { host: '10.0.0.7', port: 3306 }]);
    expect(matches(refusedAt('127.0.0.1', 5432))).toBe(true);
    expect(matches(refusedAt('::1', 6543))).toBe(true);
    expect(matches(refusedAt('10.0.0.7', 3306))).toBe(true);
    expect(matches(refusedAt('10.0.0.8', 3306))).toBe(false);
    expect(matches(refusedAt('127.0.0.1', 8080))).toBe(false);
  });

  it('matches a host name by port (Node reports it resolved) or by a failed look-up of that name', () => {
    const matches = serversMatcher('postgres://app@db.internal:5432/app');
    expect(matches(refusedAt('10.1.2.3', 5432))).toBe(true);
    expect(matches({ code: 'ENOTFOUND', hostname: 'db.internal' })).toBe(true);
    expect(matches({ code: 'ENOTFOUND', hostname: 'api.partner.example' })).toBe(false);
  });

  it('never matches a failure that names no address', () => {
    expect(serversMatcher('127.0.0.1:5432')({ code: 'ECONNRESET' })).toBe(false);
  });

  it('takes a default port and refuses an address without one', () => {
    expect(serversMatcher('db.internal', 5432)(refusedAt('10.1.2.3', 5432))).toBe(true);
    expect(() => serversMatcher('db.internal')).toThrow(TypeError);
    expect(() => serversMatcher({ host: 'x', port: Number.NaN })).toThrow(TypeError);
  });
});

describe('the presets told where their database is', () => {
  const answer = (mapper: ErrorMapper, error: unknown) => {
    const response = createErrorContract({ map: [mapper], logger: false }).respond(error, request({ method: 'GET' }));
    return { status: response.status, retryAfter: response.headers['retry-after'] };
  };

  it("a real refused connection to the database's port is 503; to another port, or with no servers named, 500", async () => {
    const refused = await refusedConnectionError();
    const port = socketFailureIn(refused)!.port!;
    expect(answer(postgresErrors({ servers: `postgres://app@127.0.0.1:${port}/app`, retryAfter: 3 }), refused)).toEqual({ status: 503, retryAfter: '3' });
    expect(answer(postgresErrors({ servers: { host: 'localhost', port } }), new Error('query failed', { cause: refused })).status).toBe(503);
    expect(answer(mysqlErrors({ servers: [`127.0.0.1:${port + 1}`, `localhost:${port}`] }), refused).status).toBe(503);
    expect(answer(postgresErrors({ servers: `127.0.0.1:${port + 1}` }), refused).status).toBe(500);
    expect(answer(postgresErrors(), refused).status).toBe(500);
    expect(answer(postgresErrors({ servers: undefined }), refused).status).toBe(500);
  });

  it("another server's refusal (a real fetch to a closed port) stays 500 with the database named", async () => {
    const refused = await refusedConnectionError();
    const port = socketFailureIn(refused)!.port!;
    const fetchFailure = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(socketFailureIn(fetchFailure)?.code).toBe('ECONNREFUSED');
    expect(answer(postgresErrors({ servers: 'postgres://app@127.0.0.1:5432/app' }), fetchFailure).status).toBe(500);
    expect(answer(mysqlErrors({ servers: '127.0.0.1:3306' }), fetchFailure).status).toBe(500);
  });

  it('an address that is not one is a TypeError at creation, quoting no password', () => {
    expect(() => postgresErrors({ servers: 'postgres://app:hunter2@db:bad/x' })).toThrow(/^(?!.*hunter2).*$/);
    expect(() => postgresErrors({ servers: 'postgres://app:hunter2@db:bad/x' })).toThrow(TypeError);
  });
});
