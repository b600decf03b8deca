// A real PostgreSQL server for the failures PGlite cannot make (src/postgres-server.ts): a server
// stopped, started again, and a backend terminated from another connection. Debian's `postgresql`
// package (scripts/install-system-packages.sh installs it): a throwaway cluster, `initdb` in a
// temporary directory, trust authentication, listening on a free port of 127.0.0.1 only, its
// socket file in that directory; stopped and removed by `remove()`. PostgreSQL refuses to run as
// root, so as root the programs run as the `postgres` user the package creates.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCHEMA } from './postgres-server.js';
import { freePort } from '../../../test-support/free-port.js';

/** The directory of `initdb` and `pg_ctl`: `$PG_BIN`, else the newest of /usr/lib/postgresql/N/bin; undefined when absent. */
export function findPostgresBin(): string | undefined {
  if (process.env.PG_BIN !== undefined && existsSync(join(process.env.PG_BIN, 'pg_ctl'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs one of PostgreSQL's programs, as `postgres` when we are root; rejects with its output. */
function run(bin: string, program: string, args: string[], timeoutMs: number): Promise<string> {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: timeoutMs, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

export class RealPostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** A new cluster, started, with the suite's schema (src/postgres-server.ts) loaded. */
  static async create(bin: string): Promise<RealPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'error-contract-pg-'));
    chmodSync(dir, 0o700);
    if (asRoot) {
      const { uid, gid } = postgresIds();
      chownSync(dir, uid, gid);
    }
    const server = new RealPostgres(bin, dir, await freePort());
    // initdb takes some seconds on a busy two-core machine
    await run(bin, 'initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], 120_000);
    await server.start();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query(SCHEMA);
    } finally {
      await client.end();
    }
    return server;
  }

  /** Starts the server and waits until it accepts connections (`pg_ctl -w`, up to 60 s). */
  async start(): Promise<void> {
    const options = `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c fsync=off -c max_connections=40`;
    await run(this.bin, 'pg_ctl', ['-D', join(this.dir, 'data'), '-l', join(this.dir, 'log'), '-o', options, '-w', '-t', '60', 'start'], 90_000);
  }

  /** Stops the server: `fast` ends the sessions with 57P01 and waits for them, as a restart does. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await run(this.bin, 'pg_ctl', ['-D', join(this.dir, 'data'), '-m', mode, '-w', '-t', '60', 'stop'], 90_000);
  }

  /** Stops the server if it runs and deletes the cluster. */
  async remove(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The `postgres` user Debian's package creates, read from /etc/passwd. */
function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (line === undefined) throw new Error("real-postgres: running as root and there is no `postgres` user (install Debian's postgresql package)");
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
