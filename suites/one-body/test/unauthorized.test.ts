// Every 401 carries WWW-Authenticate (RFC 9110 section 15.5.2), the same from every framework: a
// bare 401 and a 401 thrown the framework's own way get the contract's `challenge`; a challenge the
// app set on the response before it is kept; one the thrown value carries is kept.
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createErrorContract, unauthorized } from '@error-contract/core';
import { send } from '@error-contract/conformance';
import { errorContract as expressContract } from '@error-contract/express';
import { errorContract as fastifyContract } from '@error-contract/fastify';
import { errorContract as honoContract } from '@error-contract/hono';
import { errorContract as koaContract } from '@error-contract/koa';
import { ErrorContractFilter } from '@error-contract/nest';
import Router from '@koa/router';
import { Controller, Get, Module, Res, UnauthorizedException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening, type Running, servingFetch } from './running.js';

const CHALLENGE = 'Bearer realm="api"';
const APP_CHALLENGE = 'Basic realm="app"';
const contract = createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', logger: false, challenge: CHALLENGE });
const OWN = 'Bearer realm="widgets", error="invalid_token"';

function startExpress(): Promise<Running> {
  const app = express();
  const errors = expressContract(contract);
  app.use(errors.guard());
  app.get('/bare', (_req, res) => void res.status(401).end());
  app.get('/thrown', () => {
    throw Object.assign(new Error('Unauthorized'), { status: 401 });
  });
  app.get('/app-challenge/bare', (_req, res) => void res.set('WWW-Authenticate', APP_CHALLENGE).status(401).end());
  app.get('/app-challenge/thrown', (_req, res) => {
    res.set('WWW-Authenticate', APP_CHALLENGE);
    throw Object.assign(new Error('Unauthorized'), { status: 401 });
  });
  app.get('/own', () => {
    throw unauthorized({ challenge: OWN });
  });
  app.use(errors.fallback());
  app.use(errors.handler());
  return listening(createServer(app));
}

function startKoa(): Promise<Running> {
  const app = new Koa();
  app.silent = true;
  const router = new Router();
  router.get('/bare', (ctx) => void (ctx.status = 401));
  router.get('/thrown', (ctx) => ctx.throw(401));
  router.get('/app-challenge/bare', (ctx) => {
    ctx.set('WWW-Authenticate', APP_CHALLENGE);
    ctx.status = 401;
  });
  router.get('/app-challenge/thrown', (ctx) => {
    ctx.set('WWW-Authenticate', APP_CHALLENGE);
    ctx.throw(401);
  });
  router.get('/own', () => {
    throw unauthorized({ challenge: OWN });
  });
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
  app.get('/bare', (c) => c.body(null, 401));
  app.get('/thrown', () => {
    throw new HTTPException(401);
  });
  app.get('/app-challenge/bare', (c) => {
    c.header('WWW-Authenticate', APP_CHALLENGE);
    return c.body(null, 401);
  });
  app.get('/app-challenge/thrown', (c) => {
    c.header('WWW-Authenticate', APP_CHALLENGE);
    throw new HTTPException(401);
  });
  app.get('/own', () => {
    throw unauthorized({ challenge: OWN });
  });
  return servingFetch(app.fetch);
}

async function startFastify(): Promise<Running> {
  const app = Fastify();
  await app.register(fastifyContract, { contract });
  app.get('/bare', async (_request, reply) => reply.code(401).send());
  app.get('/thrown', async () => {
    throw Object.assign(new Error('Unauthorized'), { statusCode: 401 });
  });
  app.get('/app-challenge/bare', async (_request, reply) => reply.header('WWW-Authenticate', APP_CHALLENGE).code(401).send());
  app.get('/app-challenge/thrown', async (_request, reply) => {
    reply.header('WWW-Authenticate', APP_CHALLENGE);
    throw Object.assign(new Error('Unauthorized'), { statusCode: 401 });
  });
  app.get('/own', async () => {
    throw unauthorized({ challenge: OWN });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

@Controller()
class AuthController {
  @Get('thrown')
  thrown() {
    throw new UnauthorizedException();
  }

  @Get('app-challenge/thrown')
  appChallenge(@Res({ passthrough: true }) res: express.Response) {
    res.setHeader('WWW-Authenticate', APP_CHALLENGE);
    throw new UnauthorizedException();
  }

  @Get('own')
  own() {
    throw unauthorized({ challenge: OWN });
  }
}

@Module({ controllers: [AuthController] })
class AuthModule {}

async function startNest(): Promise<Running> {
  const app = await NestFactory.create(AuthModule, new ExpressAdapter(), { logger: false });
  app.useGlobalFilters(new ErrorContractFilter(contract));
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

// Nest's own way to answer 401 is to throw: a controller does not end a response bare.
const CASES = [
  { path: '/bare', challenge: CHALLENGE, frameworks: ['express', 'koa', 'hono', 'fastify'] },
  { path: '/thrown', challenge: CHALLENGE, frameworks: ['express', 'koa', 'hono', 'fastify', 'nest'] },
  { path: '/app-challenge/bare', challenge: APP_CHALLENGE, frameworks: ['express', 'koa', 'hono', 'fastify'] },
  { path: '/app-challenge/thrown', challenge: APP_CHALLENGE, frameworks: ['express', 'koa', 'hono', 'fastify', 'nest'] },
  { path: '/own', challenge: OWN, frameworks: ['express', 'koa', 'hono', 'fastify', 'nest'] },
] as const;

describe('every 401 carries WWW-Authenticate, one answer on Express, Koa, Hono, Fastify and Nest', () => {
  const servers: Record<string, Running> = {};
  beforeAll(async () => {
    Object.assign(servers, { express: await startExpress(), koa: await startKoa(), hono: await startHono(), fastify: await startFastify(), nest: await startNest() });
  }, 60_000);
  afterAll(() => Promise.all(Object.values(servers).map((server) => server.close())));

  it.each(CASES.map((kase) => [kase.path, kase] as const))('%s', async (_path, kase) => {
    const answers: Record<string, { status: number; type: string | undefined; challenge: string | undefined; body: string }> = {};
    for (const name of kase.frameworks) {
      const received = await send(servers[name]!.url, { method: 'GET', path: kase.path, headers: { accept: 'application/json' } });
      answers[name] = { status: received.status, type: received.headers['content-type'], challenge: received.headers['www-authenticate'], body: received.text };
    }
    for (const name of kase.frameworks.slice(1)) expect(answers[name], `${name} vs express`).toEqual(answers.express);
    expect(answers.express!.status).toBe(401);
    expect(answers.express!.challenge).toBe(kase.challenge);
    expect(JSON.parse(answers.express!.body)).toMatchObject({ status: 401, code: 'unauthorized', instance: kase.path });
  });
});
