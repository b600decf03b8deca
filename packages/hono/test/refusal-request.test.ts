import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorContract } from '../src/index.js';

describe('the request a refusal before routing hands to the callbacks', () => {
  it('is a plain object whose path survives a spread, as on every other path', async () => {
    const seen: unknown[] = [];
    const app = new Hono();
    const errors = errorContract(app, { accept: 'strict', rejectMalformedPath: true, onError: (_error, _problem, request) => seen.push({ ...request }) });
    app.get('/widgets', (c) => c.json([]));
    const missingAccept = await errors.fetch(new Request('http://localhost/widgets?page=2'));
    const malformed = await errors.fetch(new Request('http://localhost/widgets/%E0%A4%A', { headers: { accept: 'application/json' } }));
    expect([missingAccept.status, malformed.status]).toEqual([406, 400]);
    expect(seen).toMatchObject([
      { method: 'GET', path: '/widgets' },
      { method: 'GET', path: '/widgets/%E0%A4%A' },
    ]);
    expect((await malformed.json()).instance).toBe('/widgets/%E0%A4%A');
  });
});
