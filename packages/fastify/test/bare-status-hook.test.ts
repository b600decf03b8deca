import { createErrorContract } from '@error-contract/core';
import { describe, expect, it } from 'vitest';
import { bareStatusHook } from '../src/index.js';
import { fastifies, type FastifyMajor } from './frameworks.js';

describe.each(fastifies)('%s: bareStatusHook(contract) on an app that keeps its own error handler', (_name, versions: FastifyMajor) => {
  async function appWith(options: Parameters<typeof createErrorContract>[0] = {}) {
    const app = versions.fastify();
    app.addHook('onSend', bareStatusHook(createErrorContract({ typeBaseUrl: 'https://docs.example.com/errors/', ...options })));
    app.get('/bare', async (_request: unknown, reply: any) => reply.code(403).send());
    app.get('/own', async (_request: unknown, reply: any) => reply.code(409).send({ reason: 'taken' }));
    app.get('/ok', async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it("gives an empty error reply the contract's body", async () => {
    const response = await (await appWith()).inject({ method: 'GET', url: '/bare', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden', status: 403, instance: '/bare' });
  });

  it('keeps an error body the app wrote, a success, and a bare reply outside the scope', async () => {
    const app = await appWith();
    expect((await app.inject({ method: 'GET', url: '/own' })).json()).toEqual({ reason: 'taken' });
    expect((await app.inject({ method: 'GET', url: '/ok' })).json()).toEqual({ ok: true });
    const scoped = await appWith({ scope: '/api' });
    const outside = await scoped.inject({ method: 'GET', url: '/bare' });
    expect([outside.statusCode, outside.body]).toEqual([403, '']);
  });
});
