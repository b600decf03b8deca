// The same app on h3 2 and h3 1.15, each served by Node's HTTP server as it runs in production
// (h3 2 through srvx's `toNodeHandler`, h3 1 through `toNodeListener`), with the contract added as
// the package README says. Its routes make each failure the table asks for.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v2 from 'h3';
import { toNodeHandler } from 'h3/node';
import * as v1 from 'h3-v1';
import { z } from 'zod';
import { errorContract } from '../src/index.js';
import type { ErrorContractOptions } from '@error-contract/core';

export const widget = z.object({ name: z.string().min(1), tags: z.array(z.string()).max(2).optional() });
export const page = z.object({ limit: z.coerce.number().int().max(100) });

/** What an app ran: the last error its error hook saw and the error thrown by `/boom`. */
export interface Served {
  url: string;
  close(): Promise<void>;
}

function listen(server: Server): Promise<Served> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

const SECRET = 'password=hunter2 at db.internal:5432';

/** h3 2: `new H3({ onError })` and `app.use(errors.middleware)`. */
export function appV2(options: ErrorContractOptions = { onError: () => {} }): Promise<Served> {
  const errors = errorContract(options);
  const app = new v2.H3({ onError: errors.onError, silent: true });
  app.use(errors.middleware);
  // the app's own headers, set on the event before any handler runs (CORS, security headers)
  app.use((event) => {
    event.res.headers.set('access-control-allow-origin', '*');
    event.res.headers.set('x-frame-options', 'DENY');
    event.res.headers.append('set-cookie', 'session=1; Path=/');
  });
  app.get('/widgets', () => [{ id: 1 }]);
  app.post('/widgets', async (event) => {
    const body = await v2.readValidatedBody(event, widget);
    return new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
  });
  app.get('/widgets/:id', (event) => thrower(v2.createError as never, v2.getRouterParam(event, 'id')));
  app.delete('/widgets/:id', () => null);
  app.post('/echo', (event) => v2.readBody(event));
  app.get('/search', (event) => v2.getValidatedQuery(event, page));
  app.get('/bare', () => new Response(null, { status: 403 }));
  app.get('/teapot-allow', (event) => v2.assertMethod(event, 'POST'));
  return listen(createServer(toNodeHandler(app)));
}

/** h3 1: `createApp({ onError })`, `app.use(errors.middleware)`, and the router handed to `errors.router`. */
export function appV1(options: ErrorContractOptions = { onError: () => {} }): Promise<Served> {
  const errors = errorContract(options);
  const app = v1.createApp({ onError: errors.onError });
  app.use(errors.middleware);
  app.use(
    v1.defineEventHandler((event) => {
      v1.setResponseHeader(event, 'access-control-allow-origin', '*');
      v1.setResponseHeader(event, 'x-frame-options', 'DENY');
      v1.appendResponseHeader(event, 'set-cookie', 'session=1; Path=/');
    }),
  );
  const router = errors.router(v1.createRouter());
  router.get('/widgets', v1.defineEventHandler(() => [{ id: 1 }]));
  router.post(
    '/widgets',
    v1.defineEventHandler(async (event) => {
      const body = await v1.readValidatedBody(event, (data) => widget.parse(data));
      v1.setResponseStatus(event, 201);
      return body;
    }),
  );
  router.get('/widgets/:id', v1.defineEventHandler((event) => thrower(v1.createError as never, v1.getRouterParam(event, 'id'))));
  router.delete('/widgets/:id', v1.defineEventHandler(() => null));
  router.post('/echo', v1.defineEventHandler((event) => v1.readBody(event)));
  router.get('/search', v1.defineEventHandler((event) => v1.getValidatedQuery(event, (query) => page.parse(query))));
  router.get('/teapot-allow', v1.defineEventHandler((event) => v1.assertMethod(event, 'POST')));
  app.use(router);
  return listen(createServer(v1.toNodeListener(app)));
}

type CreateError = (input: { status?: number; statusCode?: number; message?: string; statusMessage?: string; data?: unknown }) => Error;

/** `/widgets/:id`: each id a way to fail. */
function thrower(createError: CreateError, id: string | undefined): unknown {
  switch (id) {
    case 'missing':
      throw createError({ status: 404, message: 'Widget missing was not found.' });
    case 'locked':
      throw createError({ status: 409, statusMessage: 'Locked', message: 'The widget is locked.' });
    case 'bare-409':
      throw createError({ status: 409 });
    case 'down':
      throw createError({ status: 503, message: `The database is down: ${SECRET}` });
    case 'boom':
      throw new Error(`query failed: ${SECRET}`);
    case 'string':
      throw `a string: ${SECRET}`;
    case 'status-error':
      throw Object.assign(new Error(`not for clients: ${SECRET}`), { status: 422 });
    default:
      return { id };
  }
}

export { SECRET };
