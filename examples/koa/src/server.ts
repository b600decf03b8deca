import type { AddressInfo } from 'node:net';
import type { StartService } from '@error-contract/service-kit';
import { createApp } from './app.js';

/** Starts the Koa reference service; port 0 picks a free one. */
export const startService: StartService = (config) =>
  new Promise((resolve, reject) => {
    const server = createApp(config).listen(config.port, config.host);
    server.once('error', reject);
    server.once('listening', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${config.host}:${port}`,
        close: () => new Promise((done, fail) => server.close((error) => (error ? fail(error) : done()))),
      });
    });
  });
