// Issue 39: a Hono app's own `app.onError`, set before the README's lines, kept answering outside
// the scope? It did not: Hono's text "Internal Server Error" answered instead of the app's JSON.
import { errorContract } from '@error-contract/hono';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

function createApp(contract: boolean): Hono {
  const app = new Hono();
  app.onError((_error, c) => c.json({ message: 'page crashed' }, 500)); // the app's own, from before
  if (contract) {
    const errors = errorContract(app, { scope: '/api' }); // the README's lines
    app.use(errors.middleware);
    app.onError(errors.onError);
    app.notFound(errors.notFound);
  }
  app.get('/crash', () => {
    throw new Error('template failed');
  });
  app.get('/api/crash', () => {
    throw new Error('db failed');
  });
  return app;
}

describe("Hono: the app's own app.onError, set before the contract", () => {
  it('answers outside the scope exactly as without the contract', async () => {
    const before = await createApp(false).request('/crash');
    const after = await createApp(true).request('/crash');
    expect(after.status).toBe(500);
    expect(await after.text()).toBe('{"message":"page crashed"}');
    expect(after.status).toBe(before.status);
    expect([...after.headers]).toEqual([...before.headers]);
    expect(await before.text()).toBe('{"message":"page crashed"}');
  });

  it('is replaced by the contract inside the scope', async () => {
    const res = await createApp(true).request('/api/crash');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; status: number };
    expect(body).toMatchObject({ code: 'internal_server_error', status: 500 });
  });

  it("answers with Hono's own text when the app had no onError of its own", async () => {
    const app = new Hono();
    const errors = errorContract(app, { scope: '/api' });
    app.onError(errors.onError);
    app.get('/crash', () => {
      throw new Error('template failed');
    });
    const original = console.error;
    console.error = () => {};
    try {
      const res = await app.request('/crash');
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('Internal Server Error');
    } finally {
      console.error = original;
    }
  });

  it('does not take a second contract for the app handler (no loop)', async () => {
    const app = new Hono();
    const first = errorContract(app, { scope: '/api' });
    app.onError(first.onError);
    const second = errorContract(app, { scope: '/v2' });
    app.onError(second.onError);
    app.get('/crash', () => {
      throw new Error('template failed');
    });
    const original = console.error;
    console.error = () => {};
    try {
      const res = await app.request('/crash');
      expect(await res.text()).toBe('Internal Server Error');
    } finally {
      console.error = original;
    }
  });
});
