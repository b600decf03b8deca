// A test server on 127.0.0.1 at a free port, and how to stop it: what every one-body file starts.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Running {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 at a free port. */
export function listening(server: Server): Promise<Running> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** A Web `fetch` handler (a Hono app's) served by @hono/node-server on 127.0.0.1. */
export function servingFetch(fetch: (request: Request) => Response | Promise<Response>): Promise<Running> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
