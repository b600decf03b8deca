import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appV1, appV2, SECRET, type Served } from './apps.js';
import { CASES } from './cases.js';

const MAJORS = { v2: appV2, v1: appV1 } as const;

describe.each(Object.keys(MAJORS) as Array<keyof typeof MAJORS>)('h3 %s', (major) => {
  let served: Served;
  beforeAll(async () => {
    served = await MAJORS[major]();
  });
  afterAll(() => served.close());

  const send = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${served.url}${path}`, { ...init, headers: { accept: 'application/json', ...init.headers } });

  it('a success is what the app sent', async () => {
    const res = await send('/widgets');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1 }]);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each(CASES.filter((row) => row.majors === undefined || row.majors.includes(major)))('$name', async (row) => {
    const res = await send(row.path, { method: row.method ?? 'GET', headers: row.headers, body: row.body });
    const text = await res.text();
    expect(res.status).toBe(row.status);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = JSON.parse(text);
    expect(body).toMatchObject({ status: row.status, code: row.code, instance: row.path.split('?')[0] });
    if (row.detail !== undefined) expect(body.detail).toBe(row.detail);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/HTTPError|Cannot find any|statusMessage|hunter2/);
    expect(res.headers.get('allow')).toBe(row.allow ?? null);
    if (row.fields !== undefined) expect(body.errors.map((error: { field: string }) => error.field)).toEqual(row.fields);
    else expect(body.errors).toBeUndefined();
    // the headers the app set on the event before the failure are kept (h3 2 drops them itself)
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.getSetCookie()).toEqual(['session=1; Path=/']);
  });
});

describe.each(Object.keys(MAJORS) as Array<keyof typeof MAJORS>)('h3 %s, with options', (major) => {
  const servers: Served[] = [];
  afterAll(() => Promise.all(servers.map((served) => served.close())));
  const start = async (options: Parameters<typeof appV2>[0]) => {
    const served = await MAJORS[major](options);
    servers.push(served);
    return served;
  };

  it("accept: 'strict' refuses an Accept without JSON before routing (406)", async () => {
    const served = await start({ accept: 'strict', onError: () => {} });
    const refused = await fetch(`${served.url}/widgets`, { headers: { accept: 'text/html' } });
    expect(refused.status).toBe(406);
    expect(await refused.json()).toMatchObject({ code: 'not_acceptable', instance: '/widgets' });
    const missing = await fetch(`${served.url}/nothing`, { headers: { accept: '' } });
    expect(missing.status).toBe(406);
    const accepted = await fetch(`${served.url}/widgets`, { headers: { accept: 'application/json' } });
    expect(accepted.status).toBe(200);
  });

  it('the contract sees the value the app threw, for logs and traces, and the matched route', async () => {
    const seen: Array<{ error: unknown; route: string | undefined }> = [];
    const served = await start({ onError: (error, _problem, request) => seen.push({ error, route: request.route }) });
    const res = await fetch(`${served.url}/widgets/boom`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(500);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.error).toBeInstanceOf(Error);
    expect((seen[0]!.error as Error).message).toContain('query failed');
    expect(seen[0]!.route).toBe('/widgets/:id');
  });

  it("outside the scope, h3's own answers are untouched", async () => {
    const served = await start({ scope: '/api', onError: () => {} });
    const res = await fetch(`${served.url}/nothing`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.code).toBeUndefined();
    expect(JSON.stringify(body)).toMatch(/Cannot find any/);
  });

  if (major === 'v2') {
    it('outside the scope of an app made silent, a thrown value is printed as h3 prints it when not silent', async () => {
      const served = await start({ scope: '/api', onError: () => {} });
      const printed: unknown[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(...args));
      try {
        const res = await fetch(`${served.url}/widgets/boom`, { headers: { accept: 'application/json' } });
        expect(res.status).toBe(500);
        expect((await res.json()).code).toBeUndefined();
      } finally {
        spy.mockRestore();
      }
      // h3's wrapper of the thrown value, once
      expect(printed).toHaveLength(1);
      expect(String((printed[0] as { cause?: Error }).cause?.message)).toContain('query failed');
    });
  }

  it('HEAD of an unknown path is 404 without a body', async () => {
    const served = await start({ onError: () => {} });
    const res = await fetch(`${served.url}/nothing`, { method: 'HEAD', headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });
});

describe('h3 2: a path that does not percent-decode', () => {
  it('is 400 bad_request with the contract sentence', async () => {
    const served = await appV2({ onError: () => {} });
    try {
      const res = await fetch(`${served.url}/widgets/%E0%A4%A`, { headers: { accept: 'application/json' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request', detail: 'The request path is not validly percent-encoded.' });
    } finally {
      await served.close();
    }
  });
});
