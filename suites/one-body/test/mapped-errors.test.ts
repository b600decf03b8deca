// One failure, one body, for the errors of an app's libraries: the same contract with the `map`
// option's presets, on Express, Koa, Hono, Fastify and Nest, answers each real library error (a
// Postgres unique violation, a not-null violation and a deadlock from PGlite, an expired token
// from jsonwebtoken, a real refused connection to the database's port and to another service's,
// ioredis's closed connection, and the global fetch and our client failing against real servers
// that refuse, hang and answer 500) with the same status, headers and bytes, and none of their
// values.
import 'reflect-metadata';
import { createServer } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { createFetch } from '@error-contract/client';
import { PGlite } from '@electric-sql/pglite';
import { createErrorContract } from '@error-contract/core';
import { jwtErrors, postgresErrors, redisErrors, upstreamErrors } from '@error-contract/core/presets';
import { errorContract as expressContract } from '@error-contract/express';
import { errorContract as fastifyContract } from '@error-contract/fastify';
import { errorContract as honoContract } from '@error-contract/hono';
import { errorContract as koaContract } from '@error-contract/koa';
import { ErrorContractFilter } from '@error-contract/nest';
import { send } from '@error-contract/conformance';
import Router from '@koa/router';
import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening, type Running, servingFetch } from './running.js';

const SECRET = 'planted-secret-5e6f';

/** The error Node gives a connection to `port` (refused): what node-postgres rejects a query with when its server is down. */
function refusedAt(port: number): Promise<Error> {
  return new Promise((resolve) => connect({ host: '127.0.0.1', port }).once('error', resolve));
}

// the database's address, as an app gives it from DATABASE_URL; the other port is another service's
const databasePort = await closedPort();
const options = {
  typeBaseUrl: 'https://docs.example.com/errors/',
  map: [
    postgresErrors({ retryAfter: 2, servers: `postgres://app:${SECRET}@127.0.0.1:${databasePort}/app` }),
    jwtErrors({ realm: 'widgets' }),
    redisErrors({ retryAfter: 2 }),
    upstreamErrors(),
  ],
  logger: false as const,
};
const contract = createErrorContract(options);

// The real errors, made once: each route throws the one its name says.
const failures: Record<string, unknown> = {};
const throwFailure = (kind: string) => {
  throw failures[kind] ?? new Error(`no failure named ${kind}`);
};

async function realFailures(): Promise<void> {
  const db = await PGlite.create();
  await db.exec(`create table users (id serial primary key, email text unique not null, name text not null); insert into users (email, name) values ('${SECRET}@x.example', 'a');`);
  const fail = async (sql: string) => db.exec(sql).then(() => new Error(`${sql} did not fail`), (error: unknown) => error);
  failures.unique = await fail(`insert into users (email, name) values ('${SECRET}@x.example', 'b')`);
  failures['not-null'] = await fail(`insert into users (email) values ('${SECRET}')`);
  failures.deadlock = await fail(`do $$ begin raise exception '${SECRET}' using errcode = '40P01'; end $$`);
  await db.close();
  failures['database-down'] = await refusedAt(databasePort);
  failures['other-service-down'] = await refusedAt(await closedPort());
  const token = jwt.sign({ sub: SECRET, exp: Math.floor(Date.now() / 1000) - 60 }, 'a-key-of-at-least-thirty-two-bytes!!');
  try {
    jwt.verify(token, 'a-key-of-at-least-thirty-two-bytes!!');
  } catch (error) {
    failures['expired-token'] = error;
  }
  await upstreamFailures();
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Redis gone and another service failing, each for real: a closed port, a server that never answers, a 500. */
async function upstreamFailures(): Promise<void> {
  const port = await closedPort();
  const redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
  redis.on('error', () => {});
  failures['redis-closed'] = await redis.connect().then(() => new Error('redis connected'), (error: unknown) => error);
  failures['upstream-refused'] = await fetch(`http://127.0.0.1:${port}/${SECRET}`).then(() => new Error('fetch succeeded'), (error: unknown) => error);
  const sockets: Socket[] = [];
  const hanging = createTcpServer((socket) => sockets.push(socket.on('error', () => {})));
  const failing = createServer((_request, response) => response.writeHead(500, { 'x-secret': SECRET, 'retry-after': '60' }).end(SECRET));
  await Promise.all([hanging, failing].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const urlOf = (server: { address(): unknown }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${SECRET}`;
  failures['upstream-timeout'] = await fetch(urlOf(hanging), { signal: AbortSignal.timeout(1_000) }).then(() => new Error('fetch answered'), (error: unknown) => error);
  failures['upstream-500'] = await createFetch()(urlOf(failing)).then(() => new Error('fetch succeeded'), (error: unknown) => error);
  for (const socket of sockets) socket.destroy();
  failing.closeAllConnections();
  await Promise.all([hanging, failing].map((server) => new Promise((resolve) => server.close(resolve))));
}

function startExpress(): Promise<Running> {
  const app = express();
  const errors = expressContract(contract);
  app.use(errors.guard());
  app.get('/fail/:kind', (req) => throwFailure(req.params.kind));
  app.use(errors.fallback());
  app.use(errors.handler());
  return listening(createServer(app));
}

function startKoa(): Promise<Running> {
  const app = new Koa();
  app.silent = true;
  const router = new Router();
  router.get('/fail/:kind', (ctx) => throwFailure(ctx.params.kind!));
  app.use(koaContract(contract));
  app.use(router.routes());
  return listening(createServer(app.callback()));
}

function startHono(): Promise<Running> {
  const app = new Hono();
  const errors = honoContract(app, contract);
  app.use(errors.middleware);
  app.onError(errors.onError);
  app.notFound(errors.notFound);
  app.get('/fail/:kind', (c) => throwFailure(c.req.param('kind')));
  return servingFetch(app.fetch);
}

async function startFastify(): Promise<Running> {
  const app = Fastify();
  await app.register(fastifyContract, { contract });
  app.get<{ Params: { kind: string } }>('/fail/:kind', async (request) => throwFailure(request.params.kind));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

@Controller('fail')
class FailController {
  @Get(':kind')
  fail(@Param('kind') kind: string) {
    return throwFailure(kind);
  }
}

@Module({ controllers: [FailController] })
class FailModule {}

async function startNest(): Promise<Running> {
  const app = await NestFactory.create(FailModule, new ExpressAdapter(), { logger: false });
  app.useGlobalFilters(new ErrorContractFilter(contract));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

const CASES = [
  { kind: 'unique', status: 409, code: 'conflict', header: undefined },
  { kind: 'not-null', status: 400, code: 'validation_failed', header: undefined },
  { kind: 'deadlock', status: 503, code: 'service_unavailable', header: ['retry-after', '2'] },
  { kind: 'database-down', status: 503, code: 'service_unavailable', header: ['retry-after', '2'] },
  // a refused connection to another port is not the database's: upstreamErrors() makes it a 502 (without it, the app's 500)
  { kind: 'other-service-down', status: 502, code: 'bad_gateway', header: ['retry-after', undefined] },
  { kind: 'redis-closed', status: 503, code: 'service_unavailable', header: ['retry-after', '2'] },
  { kind: 'upstream-refused', status: 502, code: 'bad_gateway', header: ['retry-after', undefined] },
  { kind: 'upstream-timeout', status: 504, code: 'gateway_timeout', header: undefined },
  { kind: 'upstream-500', status: 502, code: 'bad_gateway', header: ['x-secret', undefined] },
  { kind: 'expired-token', status: 401, code: 'unauthorized', header: ['www-authenticate', 'Bearer realm="widgets", error="invalid_token", error_description="The access token expired"'] },
] as const;

describe('mapped library errors: one body on Express, Koa, Hono, Fastify and Nest', () => {
  const servers: Record<string, Running> = {};
  beforeAll(async () => {
    await realFailures();
    Object.assign(servers, { express: await startExpress(), koa: await startKoa(), hono: await startHono(), fastify: await startFastify(), nest: await startNest() });
  }, 60_000);
  afterAll(() => Promise.all(Object.values(servers).map((server) => server.close())));

  it.each(CASES.map((kase) => [kase.kind, kase] as const))('%s', async (_kind, kase) => {
    const answers: Record<string, { status: number; type: string | undefined; extra: string | undefined; body: string }> = {};
    for (const [name, server] of Object.entries(servers)) {
      const received = await send(server.url, { method: 'GET', path: `/fail/${kase.kind}`, headers: { accept: 'application/json' } });
      answers[name] = { status: received.status, type: received.headers['content-type'], extra: kase.header === undefined ? undefined : received.headers[kase.header[0]], body: received.text };
      expect(received.text, name).not.toContain(SECRET);
      expect(JSON.stringify(received.headers), name).not.toContain(SECRET);
    }
    for (const name of ['koa', 'hono', 'fastify', 'nest']) expect(answers[name], `${name} vs express`).toEqual(answers.express);
    expect(answers.express!.status).toBe(kase.status);
    expect(JSON.parse(answers.express!.body)).toMatchObject({ status: kase.status, code: kase.code, instance: `/fail/${kase.kind}` });
    if (kase.header !== undefined) expect(answers.express!.extra).toBe(kase.header[1]);
  });
});
