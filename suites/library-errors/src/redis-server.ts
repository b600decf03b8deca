// A real redis-server for the Redis preset's tests, as suites/shared-rate-limit starts one: on a
// free port of 127.0.0.1, in a temp directory of its own, killable mid-use and restartable on the
// same port, with the extra settings a case needs (a small busy-reply threshold, cluster mode, a
// slowed-down load of its dataset).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** The redis-server binary (scripts/install-system-packages.sh installs Debian's). */
export function redisServerBinary(): string {
  for (const candidate of [process.env.REDIS_SERVER, 'redis-server', '/usr/bin/redis-server', '/usr/sbin/redis-server']) {
    if (!candidate) continue;
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore', timeout: 5_000 });
      return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error('redis-server is not installed: run scripts/install-system-packages.sh');
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

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
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
      const timer = setTimeout(() => reject(new Error(`redis-server not ${until} within 15 s: ${output}`)), 15_000);
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
