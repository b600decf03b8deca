// Issue 39: a Nest app found by a held-out run answered one failure with two bodies, by platform.
// With a global prefix (`setGlobalPrefix('api', { exclude: ['about'] })`), platform-express left a
// route miss outside the prefix to Express's HTML page while platform-fastify gave the contract's
// 404; and OPTIONS on a route was Express's 200 on one platform and 405 on the other. The same
// app on both platforms must now answer each of these failures with the same status, headers and
// bytes.
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { ErrorContractModule } from '@error-contract/nest';
import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TYPE_BASE_URL = 'https://docs.example.com/errors/';

@Controller('widgets')
class WidgetsController {
  @Get()
  list() {
    return [{ id: '1' }];
  }
}

@Controller('about')
class AboutController {
  @Get()
  about() {
    return { name: 'shop' };
  }
}

function appModule(scope?: string) {
  @Module({
    imports: [ErrorContractModule.forRoot({ typeBaseUrl: TYPE_BASE_URL, ...(scope === undefined ? {} : { scope }) })],
    controllers: [WidgetsController, AboutController],
  })
  class AppModule {}
  return AppModule;
}

async function start(platform: 'express' | 'fastify', scope?: string): Promise<{ app: INestApplication; url: string }> {
  const adapter = platform === 'express' ? new ExpressAdapter() : new FastifyAdapter();
  const app = await NestFactory.create(appModule(scope), adapter as never, { logger: false });
  app.setGlobalPrefix('api', { exclude: ['about'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

async function answer(url: string, method: string, path: string) {
  const res = await fetch(`${url}${path}`, { method, headers: { accept: 'application/json' } });
  return { status: res.status, type: res.headers.get('content-type'), allow: res.headers.get('allow'), cacheControl: res.headers.get('cache-control'), body: await res.text() };
}

describe('Nest 12 with a global prefix: one failure, one body on platform-express and platform-fastify', () => {
  let express: { app: INestApplication; url: string };
  let fastify: { app: INestApplication; url: string };

  beforeAll(async () => {
    express = await start('express');
    fastify = await start('fastify');
  });
  afterAll(async () => {
    await Promise.all([express?.app.close(), fastify?.app.close()]);
  });

  it.each([
    ['GET', '/nothing', 404, null],
    ['GET', '/api/nothing', 404, null],
    ['GET', '/about/more', 404, null],
    ['POST', '/about', 405, 'GET, HEAD'],
    ['DELETE', '/api/widgets', 405, 'GET, HEAD'],
    ['OPTIONS', '/api/widgets', 405, 'GET, HEAD'],
    ['OPTIONS', '/about', 405, 'GET, HEAD'],
  ] as const)('%s %s: %i in the contract, the same bytes on both platforms', async (method, path, status, allow) => {
    const [onExpress, onFastify] = await Promise.all([answer(express.url, method, path), answer(fastify.url, method, path)]);
    expect(onExpress.status).toBe(status);
    expect(onExpress.type).toMatch(/^application\/(problem\+)?json/);
    expect(onExpress.allow).toBe(allow);
    expect(JSON.parse(onExpress.body)).toMatchObject({ type: `${TYPE_BASE_URL}${status === 404 ? 'not_found' : 'method_not_allowed'}`, status, instance: path });
    expect(onFastify).toEqual(onExpress);
  });

  it('successes stay as they were: GET /api/widgets and the excluded GET /about', async () => {
    for (const target of [express, fastify]) {
      expect(await (await fetch(`${target.url}/api/widgets`)).json()).toEqual([{ id: '1' }]);
      expect(await (await fetch(`${target.url}/about`)).json()).toEqual({ name: 'shop' });
    }
  });
});

describe("Nest 12 with a global prefix, the contract's scope on /api: outside it, the platform's own answer", () => {
  it("GET /nothing on platform-express is Express's page, as without the contract", async () => {
    const { app, url } = await start('express', '/api');
    try {
      const res = await answer(url, 'GET', '/nothing');
      expect(res.status).toBe(404);
      expect(res.type).toMatch(/^text\/html/);
      expect(res.body).toContain('Cannot GET /nothing');
      expect((await answer(url, 'GET', '/api/nothing')).body).toContain(`"type":"${TYPE_BASE_URL}not_found"`);
    } finally {
      await app.close();
    }
  });
});
