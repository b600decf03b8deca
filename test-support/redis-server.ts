// A real redis-server for the suites that need one (suites/shared-rate-limit: a rate limit shared
// through Redis; suites/library-errors: the Redis preset): on a free port of 127.0.0.1, in a temp
// directory of its own, nothing saved, killable mid-use and restartable on the same port, with the
// extra settings a case needs (a small busy-reply threshold, cluster mode, a slowed-down load).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESS_WAIT_MS } from '../test-waits.js';
import { freePort } from './free-port.js';

/** The redis-server binary (scripts/install-system-packages.sh installs Debian's), or undefined. */
export function findRedisServer(): string | undefined {
  for (const candidate of [process.env.REDIS_SERVER, 'redis-server', '/usr/bin/redis-server', '/usr/sbin/redis-server']) {
    if (!candidate) continue;
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore', timeout: 5_000 });
      return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** The redis-server binary; throws, saying how to install it, when there is none. */
export function redisServerBinary(): string {
  const binary = findRedisServer();
  if (binary === undefined) throw new Error('redis-server is not installed: run scripts/install-system-packages.sh');
  return binary;
}

export class RedisServer {
  private child: ChildProcess | undefined;
  readonly dir = mkdtempSync(join(tmpdir(), 'ec-redis-'));

  private constructor(readonly port: number) {}

  /** Starts one with these extra settings (`['--busy-reply-threshold', '100']`). */
  static async start(settings: readonly string[] = []): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.restart(settings);
    return server;
  }

  /** Its URL (database 0). */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** A URL of one of its databases, so that several users' keys stay apart. */
  databaseUrl(database: number): string {
    return `${this.url}/${database}`;
  }

  /**
   * Starts it (again) on its port, in its directory; resolves once it accepts connections, or
   * (`until: 'loading'`) once it has begun loading its dataset (it answers LOADING meanwhile).
   */
  restart(settings: readonly string[] = [], until: 'ready' | 'loading' = 'ready'): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', ...settings];
    const child = spawn(redisServerBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const line = until === 'ready' ? /Ready to accept connections/ : /Loading RDB produced by/;
    return new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server not ${until} within ${PROCESS_WAIT_MS} ms: ${output}`)), PROCESS_WAIT_MS);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (line.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${output}`));
      });
    });
  }

  /** Kills it at once (SIGKILL): the clients see the connection drop, as in a crash. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Kills it and removes its directory. */
  async remove(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
