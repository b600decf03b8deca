import { createErrorContract } from '@error-contract/core';
import { describe, expect, it } from 'vitest';
import { checkRequestHook } from '../src/index.js';
import { fastifies, type FastifyMajor } from './frameworks.js';

describe.each(fastifies)('%s: checkRequestHook(contract) on an app that keeps its own error handler', (_name, versions: FastifyMajor) => {
  async function appWith(options: Parameters<typeof createErrorContract>[0]) {
    const app = versions.fastify();
    app.setErrorHandler((_error: unknown, _request: unknown, reply: any) => reply.code(500).send('the app handles its own errors'));
    app.addHook('onRequest', checkRequestHook(createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', ...options })));
    let reached = 0;
    app.get('/widgets', async () => {
      reached += 1;
      return [];
    });
    app.get('/fail', async () => {
      throw new Error('db down');
    });
    await app.ready();
    return { app, reached: () => reached };
  }

  it("answers a refused request (strict mode, no Accept) with the contract's 406 before the route runs", async () => {
    const { app, reached } = await appWith({ accept: 'strict' });
    const response = await app.inject({ method: 'GET', url: '/widgets' });
    expect(response.statusCode).toBe(406);
    expect(response.headers['content-type']).toMatch(/^application\/(problem\+)?json/);
    expect(response.json()).toMatchObject({ code: 'not_acceptable', status: 406, type: 'https://docs.example.com/errors/not_acceptable' });
    expect(reached()).toBe(0);
  });

  it('lets an accepted request through, and leaves the error handler the app set alone', async () => {
    const { app, reached } = await appWith({ accept: 'strict' });
    const ok = await app.inject({ method: 'GET', url: '/widgets', headers: { accept: 'application/json' } });
    expect([ok.statusCode, ok.body, reached()]).toEqual([200, '[]', 1]);
    const failed = await app.inject({ method: 'GET', url: '/fail', headers: { accept: 'application/json' } });
    expect([failed.statusCode, failed.body]).toEqual([500, 'the app handles its own errors']);
  });

  it('refuses nothing outside the scope, nor with the default options', async () => {
    const scoped = await appWith({ accept: 'strict', scope: '/api' });
    expect((await scoped.app.inject({ method: 'GET', url: '/widgets' })).statusCode).toBe(200);
    const lenient = await appWith({});
    expect((await lenient.app.inject({ method: 'GET', url: '/widgets', headers: { accept: 'text/html' } })).statusCode).toBe(200);
  });
});
