import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serversMatcher, socketFailureIn } from '../src/maps/connection.js';

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
    expect(socketFailureIn(aggregate)?.code).toBe('ECONNREFUSED');
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
