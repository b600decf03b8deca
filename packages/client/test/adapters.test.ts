// ky, ofetch and axios against a real local server: each library's own error object, caught as
// an application would catch it, adapted into an ApiError. The adapters import none of them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import axios from 'axios';
import ky from 'ky';
import { ofetch } from 'ofetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAxiosError, fromKyError, fromOfetchError } from '../src/adapters.js';
import { ApiError, createFetch, isApiError } from '../src/index.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

const ANSWERS: Record<string, Answer> = {
  '/detailed': {
    status: 404,
    headers: { 'content-type': 'application/problem+json', 'x-request-id': 'req-404' },
    body: JSON.stringify({ type: 'https://docs.example.com/errors/not_found', title: 'Not Found', status: 404, detail: 'No widget has the id "9".', code: 'not_found' }),
  },
  '/compact': {
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ errors: [{ code: 'validation_failed', message: 'name: must be a string' }] }),
  },
  '/limited': {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '7', 'set-cookie': ['a=1', 'b=2'] },
    body: JSON.stringify({ error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } }),
  },
  '/html': { status: 502, headers: { 'content-type': 'text/html' }, body: '<html><head><title>502 Bad Gateway</title></head><body></body></html>' },
  '/text': { status: 500, headers: { 'content-type': 'text/plain' }, body: 'Something broke.' },
  '/ok': { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"9"}' },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = ANSWERS[request.url ?? ''] ?? { status: 404, headers: {}, body: '' };
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

// What each path must read as, whichever library fetched it.
const EXPECTED: Array<[string, Partial<ApiError>]> = [
  ['/detailed', { status: 404, code: 'not_found', message: 'No widget has the id "9".', dialect: 'problem-details', traceId: 'req-404' }],
  ['/compact', { status: 400, code: 'validation_failed', dialect: 'compact', fieldErrors: [{ field: 'name', pointer: '/name', detail: 'must be a string' }] }],
  ['/limited', { status: 429, code: 'resource_exhausted', message: 'Quota exceeded.', dialect: 'google', retryAfter: 7000 }],
  ['/html', { status: 502, code: 'bad_gateway', message: '502 Bad Gateway', dialect: 'html' }],
  ['/text', { status: 500, code: 'internal_server_error', message: 'Something broke.', dialect: 'text' }],
];

describe('fromKyError', () => {
  it.each(EXPECTED)('%s', async (path, expected) => {
    const error = await caught(ky.get(`${base}${path}`, { retry: 0, timeout: 5000 }).json());
    expect((error as Error).name).toBe('HTTPError');
    const read = await fromKyError(error);
    expect(read).toBeInstanceOf(ApiError);
    expect(read).toMatchObject(expected);
  });

  it('a network failure is no HTTP error: undefined', async () => {
    const error = await caught(ky.get('http://127.0.0.1:9/', { retry: 0, timeout: 5000 }));
    expect(await fromKyError(error)).toBeUndefined();
  });
});

describe('fromOfetchError', () => {
  it.each(EXPECTED)('%s', async (path, expected) => {
    const error = await caught(ofetch(`${base}${path}`, { retry: 0, timeout: 5000 }));
    expect((error as Error).name).toBe('FetchError');
    const read = await fromOfetchError(error);
    expect(read).toBeInstanceOf(ApiError);
    expect(read).toMatchObject(expected);
  });

  it('a network failure is no HTTP error: undefined', async () => {
    const error = await caught(ofetch('http://127.0.0.1:9/', { retry: 0, timeout: 5000 }));
    expect(await fromOfetchError(error)).toBeUndefined();
  });
});

describe('fromAxiosError', () => {
  it.each(EXPECTED)('%s', async (path, expected) => {
    const error = await caught(axios.get(`${base}${path}`, { timeout: 5000 }));
    expect(axios.isAxiosError(error)).toBe(true);
    const read = await fromAxiosError(error);
    expect(read).toBeInstanceOf(ApiError);
    expect(read).toMatchObject(expected);
  });

  it('keeps the headers of an AxiosHeaders, arrays included', async () => {
    const read = await fromAxiosError(await caught(axios.get(`${base}/limited`, { timeout: 5000 })));
    expect(read?.headers.get('retry-after')).toBe('7');
    expect(read?.headers.get('set-cookie')).toContain('a=1');
  });

  it('reads text that axios was asked not to parse', async () => {
    const read = await fromAxiosError(await caught(axios.get(`${base}/detailed`, { timeout: 5000, responseType: 'text' })));
    expect(read).toMatchObject({ code: 'not_found', dialect: 'problem-details' });
  });

  it('a network failure is no HTTP error: undefined', async () => {
    const error = await caught(axios.get('http://127.0.0.1:9/', { timeout: 5000 }));
    expect(await fromAxiosError(error)).toBeUndefined();
  });
});

describe('the adapters on anything else', () => {
  it.each([undefined, null, 42, 'x', new Error('x'), { response: null }, { response: { status: '404' } }])('undefined for %s', async (value) => {
    expect(await fromKyError(value)).toBeUndefined();
    expect(await fromOfetchError(value)).toBeUndefined();
    expect(await fromAxiosError(value)).toBeUndefined();
  });

  it('undefined, not a rejection, for a Proxy whose traps throw', async () => {
    const hostile = new Proxy({}, { get() { throw new Error('trap'); } });
    expect(await fromKyError(hostile)).toBeUndefined();
    expect(await fromAxiosError(hostile)).toBeUndefined();
  });
});

describe('createFetch', () => {
  it('resolves an ok response and throws an ApiError for every other', async () => {
    const api = createFetch();
    expect(await (await api(`${base}/ok`)).json()).toEqual({ id: '9' });
    const error = await caught(api(`${base}/detailed`));
    expect(isApiError(error, 'not_found')).toBe(true);
    expect(error).toMatchObject({ status: 404, message: 'No widget has the id "9".', traceId: 'req-404' });
  });

  it('wraps the fetch it is given', async () => {
    const calls: string[] = [];
    const api = createFetch(async (input) => {
      calls.push(String(input));
      return new Response('{"errors":[{"code":"widget_locked","message":"Locked."}]}', { status: 409 });
    });
    await expect(api('/widgets/9')).rejects.toMatchObject({ code: 'widget_locked', dialect: 'compact' });
    expect(calls).toEqual(['/widgets/9']);
  });

  it('lets a network failure through as it is', async () => {
    await expect(createFetch()('http://127.0.0.1:9/')).rejects.toThrow(TypeError);
  });
});

describe('@error-contract/client/adapters, as built', () => {
  it('uses the main entry, so its errors are the main entry’s ApiError', async () => {
    const dist = new URL('../dist/', import.meta.url);
    const main = (await import(pathToFileURL(new URL('index.js', dist).pathname).href)) as typeof import('../src/index.js');
    const adapters = (await import(pathToFileURL(new URL('adapters.js', dist).pathname).href)) as typeof import('../src/adapters.js');
    const error = await caught(axios.get(`${base}/detailed`, { timeout: 5000 }));
    const read = await adapters.fromAxiosError(error);
    expect(read).toBeInstanceOf(main.ApiError);
    expect(read).toMatchObject({ code: 'not_found', dialect: 'problem-details' });
  });
});
