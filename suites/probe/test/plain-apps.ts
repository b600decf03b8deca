// A plain app of each framework, as most start: the widgets routes, the framework's own body
// parsing and its own error answers, and a hand-written OpenAPI document served beside them (each
// at another of the places the probe looks, and Koa's as YAML). None has heard of the contract.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import { stringify } from 'yaml';

export interface Running {
  url: string;
  close(): Promise<void>;
}

const problem = { $ref: '#/components/responses/Problem' };

/** The document each plain app serves: four operations, bearer security, error responses declared. */
export function plainDocument(version: '3.0.3' | '3.1.0'): Record<string, unknown> {
  const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [String(status), problem]));
  return {
    openapi: version,
    info: { title: 'plain widgets', version: '1.0.0' },
    security: [{ bearer: [] }],
    paths: {
      '/widgets': {
        get: { responses: { '200': { description: 'the widgets' }, ...errors(401, 406) } },
        post: {
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } },
          responses: { '201': { description: 'created' }, ...errors(400, 401, 413, 415) },
        },
      },
      '/widgets/{id}': {
        get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: '1' }], responses: { '200': { description: 'a widget' }, ...errors(401, 404) } },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      responses: { Problem: { description: 'an error', content: { 'application/problem+json': { schema: { type: 'object', required: ['type', 'title', 'status'] } } } } },
    },
  };
}

function closing(server: Server): () => Promise<void> {
  return () => new Promise((done) => server.close(() => done()));
}

function listening(server: Server): Promise<Running> {
  return new Promise((resolve) => {
    server.once('listening', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: closing(server) }));
  });
}

/** Express 5: express.json() and finalhandler's HTML error pages. Document at /openapi.json. */
export function startPlainExpress(): Promise<Running> {
  const app = express();
  app.get('/openapi.json', (_req, res) => {
    res.json(plainDocument('3.1.0'));
  });
  app.get('/widgets', (_req, res) => {
    res.json([{ id: '1' }]);
  });
  app.post('/widgets', express.json(), (req, res) => {
    res.status(201).json(req.body as object);
  });
  app.get('/widgets/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  const server = app.listen(0, '127.0.0.1');
  return listening(server);
}

/** Koa 3 with @koa/router and @koa/bodyparser: Koa's plain-text error answers. Document at /openapi.yaml. */
export function startPlainKoa(): Promise<Running> {
  const app = new Koa();
  const router = new Router();
  router.get('/openapi.yaml', (ctx) => {
    ctx.type = 'application/yaml';
    ctx.body = stringify(plainDocument('3.0.3'));
  });
  router.get('/widgets', (ctx) => {
    ctx.body = [{ id: '1' }];
  });
  router.post('/widgets', bodyParser(), (ctx) => {
    ctx.status = 201;
    ctx.body = ctx.request.body ?? {};
  });
  router.get('/widgets/:id', (ctx) => {
    ctx.body = { id: ctx.params.id };
  });
  app.use(router.routes()).use(router.allowedMethods());
  // Koa logs every error it answers with a 5xx; a quiet test
  app.silent = true;
  const server = app.listen(0, '127.0.0.1');
  return listening(server);
}

/** Hono 4 on @hono/node-server: Hono's own "404 Not Found" and "Internal Server Error" texts. Document at /swagger.json. */
export function startPlainHono(): Promise<Running> {
  const app = new Hono();
  app.get('/swagger.json', (c) => c.json(plainDocument('3.1.0')));
  app.get('/widgets', (c) => c.json([{ id: '1' }]));
  app.post('/widgets', async (c) => c.json(await c.req.json(), 201));
  app.get('/widgets/:id', (c) => c.json({ id: c.req.param('id') }));
  // Hono's default answer to a thrown error, without its console.error: a quiet test
  app.onError((_error, c) => c.text('Internal Server Error', 500));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  return listening(server);
}

/** Fastify 5: its own JSON errors (`{ statusCode, error, message }`, not the contract). Document at /docs/json. */
export async function startPlainFastify(): Promise<Running> {
  const app = Fastify();
  app.get('/docs/json', async () => plainDocument('3.1.0'));
  app.get('/widgets', async () => [{ id: '1' }]);
  app.post('/widgets', async (request, reply) => reply.code(201).send(request.body ?? {}));
  app.get('/widgets/:id', async (request) => ({ id: (request.params as { id: string }).id }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}
