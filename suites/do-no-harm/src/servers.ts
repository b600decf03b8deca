// Starts a fixture app on 127.0.0.1 (a free port) the way each framework is served in production:
// Express and Koa on Node's http server, Hono on @hono/node-server with the app's own fetch, Fastify
// with its own listen(), Nest on the platform's server, Elysia on Bun (a process of its own).
import { spawn } from 'node:child_process';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { toNodeHandler } from 'h3/node';
import { createApp as createExpressApp } from './fixtures/express.js';
import { createApp as createFastifyApp, type FastifyFixtureOptions } from './fixtures/fastify.js';
import { createApp as createH3App } from './fixtures/h3.js';
import { createApp as createHonoApp } from './fixtures/hono.js';
import { createApp as createKoaApp } from './fixtures/koa.js';
import { createApp as createNestApp } from './fixtures/nest.js';
import type { ContractMode } from './fixtures/shared.js';
import { requireRuntimeBinary } from '../../../scripts/runtimes.mjs';
import { PROCESS_WAIT_MS } from '../../../test-waits.js';

export type Framework = 'express' | 'koa' | 'hono' | 'fastify' | 'nest' | 'nest-fastify' | 'h3' | 'elysia';

export interface Running {
  port: number;
  close(): Promise<void>;
}

/** One framework at one major version: what the tests run the table against. */
export interface Variant {
  /** As test names show it: `express 5`, `koa 2`, `hono`, `fastify 5 (scope option)`. */
  name: string;
  framework: Framework;
  start(contract: ContractMode): Promise<Running>;
}

function running(server: Server): Promise<Running> {
  return new Promise((resolve, reject) => {
    const onListening = () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    };
    server.once('error', reject);
    if (server.listening) onListening();
    else server.once('listening', onListening);
  });
}

async function listenFastify(options: FastifyFixtureOptions): Promise<Running> {
  const app = await createFastifyApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return running(app.server);
}

async function listenNest(contract: ContractMode, platform: 'express' | 'fastify'): Promise<Running> {
  const app = await createNestApp({ contract, platform });
  const server = app.getHttpServer() as Server;
  if (platform === 'fastify') await app.listen(0, '127.0.0.1');
  else server.listen(0, '127.0.0.1');
  const started = await running(server);
  return { port: started.port, close: () => started.close().then(() => app.close()) };
}

const SUITE = fileURLToPath(new URL('..', import.meta.url));

/** The Elysia fixture on Bun (this suite's `bun` devDependency), ready on its `listening on <port>` line. */
function listenElysiaOnBun(contract: ContractMode): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(requireRuntimeBinary('bun', SUITE), ['src/fixtures/elysia.serve.ts', contract], { cwd: SUITE, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DO_NOT_TRACK: '1' } });
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`elysia on bun: no ready line within ${PROCESS_WAIT_MS} ms: ${output}`));
    }, PROCESS_WAIT_MS);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^listening on (\d+)$/m.exec(output);
      if (ready === null) return;
      clearTimeout(timer);
      resolve({
        port: Number(ready[1]),
        close: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`elysia on bun: exited (${code}) before the ready line: ${output}`));
    });
  });
}

function listen(handler: RequestListener): Promise<Running> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  return running(server);
}

function behindOneHost(handler: RequestListener): RequestListener {
  return (req, res) => {
    req.headers.host = 'shop.example';
    return handler(req, res);
  };
}

export const VARIANTS: readonly Variant[] = [
  { name: 'express 4', framework: 'express', start: (contract) => listen(createExpressApp({ contract, major: 4 })) },
  { name: 'express 5', framework: 'express', start: (contract) => listen(createExpressApp({ contract, major: 5 })) },
  { name: 'koa 2', framework: 'koa', start: (contract) => listen(createKoaApp({ contract, major: 2 }).callback()) },
  { name: 'koa 3', framework: 'koa', start: (contract) => listen(createKoaApp({ contract, major: 3 }).callback()) },
  {
    name: 'hono',
    // Hono's server leaves the global Response alone: h3 2, in this same process, answers a thrown
    // error 200 `[object Response]` once @hono/node-server has replaced it
    framework: 'hono',
    start: (contract) => running(serve({ fetch: createHonoApp({ contract }).fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }) as Server),
  },
  // `scoped` as the README shows it (the plugin registered inside the /api plugin), and with the
  // core `scope: '/api'` option at the root.
  { name: 'fastify 4', framework: 'fastify', start: (contract) => listenFastify({ contract, major: 4, scopeBy: 'context' }) },
  { name: 'fastify 5', framework: 'fastify', start: (contract) => listenFastify({ contract, major: 5, scopeBy: 'context' }) },
  { name: 'fastify 4 (scope option)', framework: 'fastify', start: (contract) => listenFastify({ contract, major: 4, scopeBy: 'option' }) },
  { name: 'fastify 5 (scope option)', framework: 'fastify', start: (contract) => listenFastify({ contract, major: 5, scopeBy: 'option' }) },
  // Nest 12, the contract by ErrorContractModule.forRoot (scoped: `scope: '/api'`)
  { name: 'nest 12 (platform-express)', framework: 'nest', start: (contract) => listenNest(contract, 'express') },
  { name: 'nest 12 (platform-fastify)', framework: 'nest-fastify', start: (contract) => listenNest(contract, 'fastify') },
  // h3 2 on Node's http server through h3's own toNodeHandler. h3's own 404 names the whole URL
  // (`Cannot find any route matching [GET] http://127.0.0.1:<port>/nope`): the Host is made one
  // name, as behind a proxy, so that the three servers' ports do not differ in that body.
  { name: 'h3 2', framework: 'h3', start: (contract) => listen(behindOneHost(toNodeHandler(createH3App({ contract })) as RequestListener)) },
  // Elysia 1 on Bun, the plugin used after the app's own hooks (scoped: `scope: '/api'`)
  { name: 'elysia (bun)', framework: 'elysia', start: listenElysiaOnBun },
];
