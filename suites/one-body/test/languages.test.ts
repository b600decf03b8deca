// One failure, one body, in every language: a contract with `languages` negotiates Accept-Language
// alike on Express, Koa, Hono and Fastify (same status, headers and bytes), names the language in
// Content-Language and adds Accept-Language to a Vary the app set (CORS's Origin), never replacing it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createErrorContract, notFound } from '@error-contract/core';
import { errorContract as expressContract } from '@error-contract/express';
import { errorContract as fastifyContract } from '@error-contract/fastify';
import { errorContract as honoContract } from '@error-contract/hono';
import { errorContract as koaContract } from '@error-contract/koa';
import { send } from '@error-contract/conformance';
import Router from '@koa/router';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening, type Running, servingFetch } from './running.js';

const contract = createErrorContract({
  typeBaseUrl: 'https://docs.example.com/errors/',
  languages: ['en', 'de', 'pt-BR'],
  catalog: { widget_locked: { status: 409, title: { en: 'Widget locked', de: 'Widget gesperrt', 'pt-BR': 'Widget bloqueado' } } },
  translations: {
    de: { not_found: { title: 'Nicht gefunden', detail: 'Diese Ressource gibt es nicht.' }, method_not_allowed: { title: 'Methode nicht erlaubt' } },
    'pt-BR': { not_found: { title: 'Não encontrado' } },
  },
  onError: () => {},
});

function startExpress(): Promise<Running> {
  const app = express();
  const errors = expressContract(contract);
  app.use((_req, res, next) => {
    res.setHeader('vary', 'Origin');
    next();
  });
  app.use(errors.guard());
  app.get('/widgets', (_req, res) => {
    res.json([]);
  });
  app.get('/widgets/locked', () => {
    throw contract.error('widget_locked', 'Widget 7 is being edited.');
  });
  app.get('/widgets/missing', () => {
    throw notFound();
  });
  app.use(errors.fallback());
  app.use(errors.handler());
  return listening(createServer(app));
}

function startKoa(): Promise<Running> {
  const app = new Koa();
  app.silent = true;
  const router = new Router();
  router.get('/widgets', (ctx) => {
    ctx.body = [];
  });
  router.get('/widgets/locked', () => {
    throw contract.error('widget_locked', 'Widget 7 is being edited.');
  });
  router.get('/widgets/missing', () => {
    throw notFound();
  });
  app.use(async (ctx, next) => {
    ctx.vary('Origin');
    await next();
  });
  app.use(koaContract(contract));
  app.use(router.routes());
  return listening(createServer(app.callback()));
}

function startHono(): Promise<Running> {
  const app = new Hono();
  const errors = honoContract(app, contract);
  app.use(async (c, next) => {
    c.header('vary', 'Origin');
    await next();
  });
  app.use(errors.middleware);
  app.onError(errors.onError);
  app.notFound(errors.notFound);
  app.get('/widgets', (c) => c.json([]));
  app.get('/widgets/locked', () => {
    throw contract.error('widget_locked', 'Widget 7 is being edited.');
  });
  app.get('/widgets/missing', () => {
    throw notFound();
  });
  return servingFetch(app.fetch);
}

async function startFastify(): Promise<Running> {
  const app = Fastify();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('vary', 'Origin');
  });
  await app.register(fastifyContract, { contract });
  app.get('/widgets', async () => []);
  app.get('/widgets/locked', async () => {
    throw contract.error('widget_locked', 'Widget 7 is being edited.');
  });
  app.get('/widgets/missing', async () => {
    throw notFound();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

const CASES: { name: string; method: string; path: string; acceptLanguage?: string; status: number; language: string; title: string; detail?: string }[] = [
  { name: 'no Accept-Language: the default', method: 'GET', path: '/nothing', status: 404, language: 'en', title: 'Not Found' },
  { name: 'German, a built-in code translated', method: 'GET', path: '/nothing', acceptLanguage: 'de', status: 404, language: 'de', title: 'Nicht gefunden', detail: 'Diese Ressource gibt es nicht.' },
  { name: 'Swiss German falls back to German', method: 'GET', path: '/widgets/missing', acceptLanguage: 'de-CH, en;q=0.5', status: 404, language: 'de', title: 'Nicht gefunden' },
  { name: 'quality decides', method: 'GET', path: '/nothing', acceptLanguage: 'de;q=0.3, pt-br;q=0.9', status: 404, language: 'pt-BR', title: 'Não encontrado' },
  { name: 'an unknown language: the default', method: 'GET', path: '/nothing', acceptLanguage: 'fr, ja', status: 404, language: 'en', title: 'Not Found' },
  { name: 'a wrong method, translated title', method: 'PUT', path: '/widgets', acceptLanguage: 'de', status: 405, language: 'de', title: 'Methode nicht erlaubt' },
  { name: 'a catalog code in every language, its own message kept', method: 'GET', path: '/widgets/locked', acceptLanguage: 'pt-BR', status: 409, language: 'pt-BR', title: 'Widget bloqueado', detail: 'Widget 7 is being edited.' },
  { name: 'a malformed Accept-Language: the default', method: 'GET', path: '/nothing', acceptLanguage: ';;;q=2,,', status: 404, language: 'en', title: 'Not Found' },
];

describe('languages: one failure, one body in every language, on Express, Koa, Hono and Fastify', () => {
  const servers: Running[] = [];
  beforeAll(async () => {
    servers.push(await startExpress(), await startKoa(), await startHono(), await startFastify());
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it.each(CASES.map((kase) => [kase.name, kase] as const))('%s', async (_name, kase) => {
    const headers: Record<string, string> = { accept: 'application/json', ...(kase.acceptLanguage === undefined ? {} : { 'accept-language': kase.acceptLanguage }) };
    const answers = [];
    for (const server of servers) {
      const received = await send(server.url, { method: kase.method, path: kase.path, headers });
      answers.push({ status: received.status, language: received.headers['content-language'], vary: received.headers.vary, body: received.text });
    }
    const [onExpress, onKoa, onHono, onFastify] = answers;
    expect(onKoa, 'koa vs express').toEqual(onExpress);
    expect(onHono, 'hono vs express').toEqual(onExpress);
    expect(onFastify, 'fastify vs express').toEqual(onExpress);
    expect(onExpress!.status).toBe(kase.status);
    expect(onExpress!.language).toBe(kase.language);
    expect(onExpress!.vary).toBe('Origin, Accept-Language');
    const body = JSON.parse(onExpress!.body);
    expect(body.title).toBe(kase.title);
    if (kase.detail !== undefined) expect(body.detail).toBe(kase.detail);
  });

  it('a success is untouched: no Content-Language, the app’s Vary as it was', async () => {
    for (const server of servers) {
      const received = await send(server.url, { method: 'GET', path: '/widgets', headers: { accept: 'application/json', 'accept-language': 'de' } });
      expect(received.status).toBe(200);
      expect(received.headers['content-language']).toBeUndefined();
      expect(received.headers.vary).toBe('Origin');
    }
  });
});
