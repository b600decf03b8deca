// A real redis-server for the tests: on a free port of 127.0.0.1, nothing written to disk, and
// stoppable mid-run (the outage case) and restartable on the same port.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

/** The redis-server binary, or undefined when it is not installed. */
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export class RedisServer {
  private child: ChildProcess | undefined;

  private constructor(
    private readonly binary: string,
    readonly port: number,
  ) {}

  static async start(binary: string): Promise<RedisServer> {
    const server = new RedisServer(binary, await freePort());
    await server.restart();
    return server;
  }

  /** A URL of one of its databases, so each framework's keys stay apart. */
  url(database: number): string {
    return `redis://127.0.0.1:${this.port}/${database}`;
  }

  /** Starts it (again) on its port; resolves once it accepts connections. */
  restart(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'];
    const child = spawn(this.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    return new Promise((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server not ready within ${PROCESS_WAIT_MS} ms: ${output}`)), PROCESS_WAIT_MS);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/Ready to accept connections/.test(output)) {
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
    if (child === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
