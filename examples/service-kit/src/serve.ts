import type { ServiceConfig } from './config.js';
import { configFromEnv } from './config.js';

/** A started server: its address, and how to stop it. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** What each example exports: start the service on a port (0 for any free one). */
export type StartService = (config: ServiceConfig) => Promise<RunningServer>;

/**
 * The examples' `main`: reads the environment, starts, prints the one ready line, and stops
 * cleanly with exit code 0 on Ctrl-C or SIGTERM.
 */
export async function runMain(start: StartService): Promise<void> {
  const server = await start(configFromEnv());
  console.log(`listening on ${server.url}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * A started Node HTTP server as a {@link RunningServer}: resolves once it listens, with the URL
 * of the port it got (port 0 picks a free one). `afterClose` releases what the server used (the
 * rate limit's Redis client) once it has stopped.
 */
export function running(server: import('node:http').Server, host: string, afterClose: () => Promise<void> = async () => {}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({
        url: `http://${host}:${port}`,
        close: () => new Promise<void>((done, fail) => server.close((error) => (error ? fail(error) : done()))).finally(afterClose),
      });
    });
  });
}
