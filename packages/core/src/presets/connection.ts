// A connection that failed: Node's socket errors (refused, reset, timed out, unresolvable host),
// bare, inside a driver's or an ORM's error, or inside the AggregateError Node gives when every
// address of a host refused (happy eyeballs, Node 20+). A socket error alone does not say whose
// connection it was: an HTTP client's refused connection looks like a database's. So a preset only
// calls one the database's when the app told it where its servers are (`serversMatcher`).
import { isArray, items, read, readString } from '../base/safe-read.js';
import { errorChain } from './recognise.js';

/** Node's codes for a connection that could not be made or was lost. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
]);

/** A failed connection as Node reports it: the code, and where it was going when Node says so. */
export interface SocketFailure {
  code: string;
  /** The IP address connected to (Node sets it on connect errors, not on a reset mid-read). */
  address?: string;
  port?: number;
  /** The host name looked up, on ENOTFOUND and EAI_AGAIN. */
  hostname?: string;
}

function socketFailureOf(member: unknown): SocketFailure | undefined {
  const code = readString(member, 'code');
  if (code === undefined || !SOCKET_CODES.has(code)) return undefined;
  const failure: SocketFailure = { code };
  const address = readString(member, 'address');
  const port = read(member, 'port');
  const hostname = readString(member, 'hostname');
  if (address !== undefined) failure.address = address;
  if (typeof port === 'number' && Number.isInteger(port)) failure.port = port;
  if (hostname !== undefined) failure.hostname = hostname;
  return failure;
}

/**
 * The socket failure in an error's chain (`cause`, `driverError`, `original`, `parent`), or in the
 * `errors` of an AggregateError on that chain; undefined when there is none.
 */
export function socketFailureIn(error: unknown): SocketFailure | undefined {
  for (const member of errorChain(error)) {
    // an AggregateError's own code names no address: the errors inside it do (`::1`, `127.0.0.1`)
    const inner = read(member, 'errors');
    if (isArray(inner)) {
      for (const each of items(inner, 8)) {
        const found = socketFailureOf(each);
        if (found !== undefined) return found;
      }
    }
    const failure = socketFailureOf(member);
    if (failure !== undefined) return failure;
  }
  return undefined;
}

/**
 * Where a server listens: `'host:port'`, a URL (`postgres://user@db:5432/app`), or `{ host, port }`.
 *
 * @example
 * const primary: ServerAddress = 'postgres://app@db.internal:5432/app';
 * const replica: ServerAddress = { host: '10.0.0.8', port: 5432 };
 */
export type ServerAddress = string | URL | { host?: string; port: number };

interface Server {
  host: string | undefined;
  port: number;
}

const LOOPBACK: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1']);

function bareHost(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}

function serverOf(address: ServerAddress, defaultPort: number | undefined): Server {
  if (typeof address === 'object' && !(address instanceof URL)) {
    if (!Number.isInteger(address.port)) throw new TypeError('error-contract: a server address needs an integer `port`.');
    return { host: address.host === undefined ? undefined : bareHost(address.host), port: address.port };
  }
  const text = String(address);
  let url: URL;
  try {
    url = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? new URL(text) : new URL(`tcp://${text}`);
  } catch {
    // the address is not quoted: a connection URL may carry a password
    throw new TypeError("error-contract: a server address must be a URL, 'host:port' or { host, port }.");
  }
  const port = url.port === '' ? defaultPort : Number(url.port);
  if (port === undefined || !Number.isInteger(port)) {
    throw new TypeError(`error-contract: the server address of host ${JSON.stringify(url.hostname)} names no port.`);
  }
  return { host: url.hostname === '' ? undefined : bareHost(url.hostname), port };
}

/**
 * A test of whether a socket failure was a connection to one of `servers`. The port must match; a
 * host given as an IP address must match the failure's address, a loopback name matches a loopback
 * address, and a host name (which Node reports resolved) matches by port alone, or by the name on a
 * failed look-up. A failure that names no address (a reset mid-read) matches none.
 */
export function serversMatcher(servers: ServerAddress | readonly ServerAddress[], defaultPort?: number): (failure: SocketFailure) => boolean {
  const list = (Array.isArray(servers) ? servers : [servers]).map((server: ServerAddress) => serverOf(server, defaultPort));
  return (failure) =>
    list.some((server) => {
      if (failure.hostname !== undefined) return server.host === bareHost(failure.hostname);
      if (failure.port !== server.port || failure.address === undefined) return false;
      if (server.host === undefined) return true;
      const address = bareHost(failure.address);
      if (LOOPBACK.has(server.host)) return LOOPBACK.has(address);
      return isIpLiteral(server.host) ? server.host === address : true;
    });
}

function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

/**
 * The option of the presets whose driver reports a failed connection as Node's bare socket error
 * (`postgresErrors()`, `mysqlErrors()`): where the database listens. Only a refused, timed-out or
 * unresolvable connection to one of these servers is the database's outage (503); the same error from a
 * connection to anywhere else (an HTTP API the app calls) stays the app's 500.
 *
 * @example
 * const options: ServersOptions = { servers: process.env.DATABASE_URL }; // postgresErrors(options)
 */
export interface ServersOptions {
  /**
   * The database's address: a connection URL (`postgres://app@db:5432/app`), `'host:port'`, a
   * `{ host, port }`, or a list of them (a primary and its replicas). A URL without a port means
   * the database's default port. Unset or `undefined` (an unset environment variable): no socket
   * error is taken for the database's.
   */
  servers?: ServerAddress | readonly ServerAddress[] | undefined;
}

/**
 * Whether `error` carries a socket failure of a connection to one of the servers the app named; a
 * preset told no servers never says so.
 */
export function databaseUnreachable(options: ServersOptions | undefined, defaultPort: number): (error: unknown) => boolean {
  const servers = options?.servers;
  if (servers === undefined) return () => false;
  const matches = serversMatcher(servers, defaultPort);
  return (error) => {
    const failure = socketFailureIn(error);
    return failure !== undefined && matches(failure);
  };
}
